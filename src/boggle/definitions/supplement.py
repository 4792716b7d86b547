"""English words WordNet leaves out, defined by boggle's authors: pronouns, conjunctions and
other function words, interjections, old verb forms and newer everyday words.

WordNet holds nouns, verbs, adjectives and adverbs only, and it dates from 2006; these
words turn up on boards all the time (``they``, ``whom``, ``ouch``, ``hath``, ``emoji``).
Each line is ``WORD POS: GLOSS`` (POS as WordNet's: ``n``, ``v``, ``a``, ``r``); an
inflected form is found through morphy's rules as for WordNet (``emojis`` -> ``emoji``).

>>> SUPPLEMENT.glosses("whom", "n")
['what "who" becomes as the object of a verb or preposition (to whom, whom did you see)']
"""

from __future__ import annotations

from boggle.definitions.wordnet import Glossary, Key

GLOSSES = """
achoo r: the sound of a sneeze
adware n: software that shows advertisements while it runs
against r: in opposition to, or touching and pressed on (against the rules, against the wall)
aha r: said on suddenly understanding or finding something
ahoy r: a sailor's call to hail a ship or get attention
albeit r: even though; although
although r: even though; in spite of the fact that
amid r: in the middle of, or among (amid the noise)
amidst r: in the middle of, or among
among r: in the midst of, or shared between, several people or things
and r: joins words or sentences that go together (bread and butter)
anon n: an anonymous person (informal)
anybody n: any person at all
anyone n: any person at all
anything n: a thing of any kind, whatever it is (anything will do)
anytime r: at any time, whenever one likes
app n: a program, especially one for a phone or tablet
artsy a: showily interested in the arts
atwitter a: excited and nervous
avast r: a sailor's order to stop or hold
aye n: a vote or answer of yes
bah r: said in scorn or annoyance
bailout n: a rescue from money trouble, often with public funds
because r: for the reason that (late because of the rain)
begone r: go away! (an order to leave)
beside r: at the side of; next to
betake v: to go or take oneself somewhere
betcha r: (informal) I bet you; surely
betook v: past of betake: went or took oneself somewhere
bicep n: the biceps muscle of the upper arm
bis r: twice, or again: a call for a piece to be played once more
botnet n: many computers taken over by malware and controlled together
brr r: said when one feels cold
but n: an objection (no ifs or buts)
cannot v: can not; is unable to
carb n: a carbohydrate, or food rich in them
cardio n: exercise that makes the heart and lungs work harder
casual n: a worker or player taken on now and then, not permanently
chyron n: a line of text shown across the lower part of a television picture
circa r: about, around (of a date or number)
congrats n: (informal) congratulations
copter n: a helicopter
could v: past of can; used to say something is possible
deejay n: a disc jockey: someone who plays recorded music on radio or at a party
donator n: a donor: someone who gives
doth v: (old) does
doughty a: brave and determined
duh r: said to mock something too obvious to say
dunno v: (informal) do not know
during r: all through, or at some time in (during the night)
earbud n: a small earphone worn in the opening of the ear
eave n: the lower edge of a roof that juts out over a wall
eke v: to make something last or stretch with difficulty (eke out)
else r: other, or besides (someone else, what else); or else: otherwise
emo n: a style of emotional rock music, or one of its fans
emoji n: a small picture used in a text message to show a feeling or thing
ere r: (old) before
errata n: mistakes in a printed work, listed with their corrections
everybody n: every person, all the people
everyone n: every person, all the people
everything n: all things, or all that matters (everything is ready)
extinct v: to make extinct (rare)
fanboy n: a very keen fan, especially of a brand or a series
fanzine n: a magazine written by fans for fans
fest n: a festival or a gathering for some activity (a songfest)
feta n: a white, salty, crumbly Greek cheese of sheep's or goat's milk
fiche n: a microfiche: a sheet of film holding tiny images of pages
fie r: (old) said to show disgust or shame
for r: meant for, or because of; also: during, or in favour of (a gift for you, for a week)
from r: starting at, or coming out of (from Paris, from nine to five)
funner a: (informal) more fun
futz v: to waste time or fiddle with something (futz around)
geeky a: like a geek: awkwardly or keenly interested in technical things
geocache n: a container hidden outdoors for others to find with GPS
girt v: to gird: to encircle or fasten with a belt or band
golly r: said in surprise
gonna v: (informal) going to
gosh r: said in surprise
gotta v: (informal) have got to; must
hashtag n: a word or phrase after a # sign, marking a topic on social media
hath v: (old) has
heck r: a mild oath (what the heck)
her n: she, as the object of a verb or preposition (I saw her); belonging to her (her book)
hers n: the one or ones belonging to her
herself n: she or her, used for the same woman or girl as the subject, or for emphasis
hey r: said to get attention or to greet someone
hie v: (old) to hurry
him n: the form of he used as an object (I saw him)
himself n: he, as the object of his own action (he hurt himself), or to stress him
his n: belonging to him (his book; the book is his)
hmm r: said when thinking, or when unsure
homey n: (informal) a friend from one's home town or neighbourhood
horsy a: like a horse, or very fond of horses
how n: the way something is done (the how and the why)
huh r: said in surprise, doubt or to ask for something to be repeated
if n: a condition or doubt (no ifs or buts)
inbox n: where new messages or papers arrive
inbreed v: to breed from closely related animals or people
inseam n: the inside seam of a trouser leg, or its length
intel n: information, especially military or secret information
into r: to the inside of, or becoming (go into the house, turn into ice)
iterator n: in programming, something that steps through a collection one item at a time
its n: belonging to it (the dog wagged its tail)
itself n: it, as the object of its own action (the door shut itself), or to stress it
jeez r: said in surprise or annoyance
keto a: of a diet very low in carbohydrates
kiddo n: (informal) a child or young person, said fondly
krona n: the money of Sweden
lazy n: (informal) lazy person
legal n: a legal-sized sheet of paper
legato n: a smooth, connected way of playing notes
legit a: (informal) legitimate: genuine, allowed
legman n: a reporter or helper who goes out to gather news or run errands
lemme v: (informal) let me
lief a: (old) glad, willing (I would as lief go)
limy a: containing or covered with lime
login n: the act of signing in to a computer system, or the name used to do so
logon n: the act of signing in to a computer system
logout n: the act of signing out of a computer system
lorn a: (old) lonely and forsaken
mad n: a fit of anger (mainly in phrases)
malware n: software written to harm a computer or steal from its user
manga n: a Japanese comic book or graphic novel
manic n: a person in a manic state
matzo n: flat unleavened bread eaten at Passover
maybe n: an uncertain answer or possibility
media n: a means of communication (plural of medium, also used as a singular)
meh r: said to show that one is not impressed
milf n: (vulgar slang) an attractive older woman
mkay r: (informal) okay
my n: belonging to me (my book)
myself n: I or me, used for the speaker as the object, or for emphasis
nah r: (informal) no
neath r: (poetic) beneath
nerdy a: like a nerd: awkward and keenly studious
nope r: (informal) no
nor r: and not (neither red nor blue)
noway r: in no way; not at all
obsequy n: a funeral rite
of r: belonging to, made from, or part of (the top of the hill, a cup of tea)
often r: many times, frequently
oho r: said in surprise or triumph
onto r: to a place on (jump onto the table)
oops r: said on making a small mistake
opaque n: something that lets no light through
opioid n: a drug that acts like opium, such as morphine
orc n: an ugly, warlike creature of fantasy tales
other n: another person or thing; others: other people or things
ouch r: said in sudden pain
ought v: should; used to say what is right or likely
our n: belonging to us (our house)
ours n: the one or ones belonging to us
ourselves n: we, as the object of our own action (we did it ourselves)
patine v: to cover with a patina
pend v: to wait for a decision, or to leave undecided
per r: for each (ten dollars per hour)
phish v: to trick people into giving passwords or bank details by fake messages
phisher n: someone who phishes for passwords or bank details
phooey r: said to show disbelief or disappointment
piker n: someone who is stingy or acts in a small way
pinup n: a picture of an attractive person pinned on a wall
plugin n: a piece of software that adds a feature to a program
pointy a: coming to a point
pooh v: to dismiss as unimportant (pooh-pooh)
prequel n: a story set before an earlier-published one
presto n: a very fast passage of music
pretty n: a pretty thing or person
prithee r: (old) I pray you; please
promo n: a promotion: an advertisement or publicity
pshaw r: said to show impatience or contempt
psst r: a sound to get someone's attention quietly
psych v: to excite or prepare oneself mentally (psych up), or to unnerve (psych out)
pwn v: (slang) to defeat or take over completely
quoth v: (old) said
raga n: a pattern of notes on which Indian music is made up
rare v: to rear up (of a horse)
rehab n: treatment to help someone recover from illness, injury or addiction
reorg n: a reorganization
roger v: (vulgar) to have sex with; (radio) message received
rugrat n: (informal) a small child
saith v: (old) says
sandhog n: a worker who digs tunnels underground or under water
satay n: pieces of meat grilled on skewers with a peanut sauce
shall v: will (I shall go); also: must (you shall not pass)
shalt v: (old) shall, with thou
she n: a female person or animal
sheave n: a wheel with a groove for a rope, as in a pulley
should v: ought to; used to say what is right, likely or expected
sim n: a simulation, especially a computer game that imitates real life
since r: from a past time until now (since Monday); also: because
snarky a: sharply sarcastic
something n: a thing not named or not known (something to eat)
sorta r: (informal) sort of; somewhat
spake v: (old) spoke
standout n: someone or something better than the rest
stat n: a statistic
sweaty a: covered with sweat
taser n: a weapon that stuns with an electric shock
teabag n: a small porous bag of tea leaves for making one cup or pot
than r: used to compare (taller than me, more than ten)
that n: the one there or the one meant (that is mine); also: which, who (the book that I read)
the r: the word before a noun that means a particular one, already known or named (the cat, the sun)
thee n: (old) you, as the object of a verb
their n: belonging to them (their house)
theirs n: the one or ones belonging to them
them n: they, as the object of a verb or preposition (I saw them)
themselves n: they, as the object of their own action (they hurt themselves)
these n: the ones here or just mentioned (plural of this)
they n: those people or things; also a person whose gender is not stated
this n: the one here or the one meant now (this is mine, this week)
those n: the ones there or the ones meant (those are mine); plural of that
thru r: (informal) through
thy a: (old) your
til r: (informal) until
to r: in the direction of, or as far as (go to school); also marks a verb (to run)
toasty a: comfortably warm
tony a: (informal) stylish and expensive
toward r: in the direction of (walk toward the sea); also: for, in regard to
towards r: in the direction of (walk towards the sea); also: for, in regard to
tromp v: to tramp or trample
truther n: someone who holds that the truth of an event is being hidden
twerk v: to dance by shaking the hips and bottom in a squatting position
ugh r: said in disgust
ultra n: someone with extreme views
umiak n: an open Inuit boat of skins on a wooden frame
unless r: except when, or if not (we go unless it rains)
until r: up to the time that (wait until noon)
unto r: (old) to
upon r: on (upon the table; once upon a time)
vape v: to breathe in the vapour of an electronic cigarette
vast n: (old) a vast space
veep n: (informal) a vice president
versus r: against (as in a match or a lawsuit)
via r: by way of, or by means of (from Rome via Paris)
wack a: (slang) bad, strange or worthless
wanna v: (informal) want to
we n: I and one or more others: the speaker and the people with them
webinar n: a seminar held over the internet
what n: the thing that; whats: things asked about (the whats and whys)
when n: the time at which something happens (the whens and wheres)
whenever r: at any time that, or every time that
where r: in or to which place
whereas r: while on the contrary; since
whereat r: (old) at which
whereby r: by which
wherein r: in which
whereof r: of which
whether r: if; used to bring in alternatives
whew r: said in relief or tiredness
which n: what one or ones, out of a known set (which is yours?); also: that (the book which I read)
whilst r: while
whither r: (old) to what place
whoa r: a call to stop a horse, or to slow down
whoever n: any person who; no matter who
whom n: what "who" becomes as the object of a verb or preposition (to whom, whom did you see)
whose n: belonging to whom, or of which (whose book is this?)
wiki n: a website that its users can edit together
wingtip n: the tip of a wing, or a shoe with a toe cap shaped like one
wist v: (old) knew
with r: together with, or using (tea with milk, cut with a knife)
without r: not having, or not with (tea without sugar)
wot v: (old) to know
would n: a wish or condition (the woulds and shoulds)
yeah n: a yes (informal)
yep r: (informal) yes
yest r: (old) yesterday
you n: the person or people spoken to; yous: (dialect) you, to more than one
your n: belonging to you (your book)
yours n: the one or ones belonging to you (this book is yours)
yourself n: you, as the object of your own action (did you hurt yourself?)
yourselves n: you, more than one, as the object of your own action
yuck r: said in disgust
yuk n: (informal) a loud laugh
yum r: said when something tastes good
yup r: (informal) yes
zonked a: (slang) exhausted, or drunk or drugged
enqueue v: to add to the end of a queue
forbode v: to forebode: to foretell, especially something bad
hepcat n: (old slang) someone who is keen on jazz and up to date
hottie n: (informal) an attractive person
jackleg a: unskilled or dishonest, working without proper training
ort n: a scrap of food left after a meal
strow v: (old) to strew
"""


class Supplement(Glossary):
    """The glosses of :data:`GLOSSES`, by part of speech."""

    def __init__(self, text: str = GLOSSES) -> None:
        self.name = "boggle's own glossary (words WordNet leaves out)"
        self.entries: dict[str, dict[str, list[str]]] = {pos: {} for pos in "nvar"}
        for line in text.strip().splitlines():
            head, _, gloss = line.partition(": ")
            word, pos = head.split()
            self.entries[pos].setdefault(word, []).append(gloss)
        self.exceptions = {
            "v": {"betook": ("betake",), "spake": ("speak",)},
            "n": {"errata": ("errata",), "matzot": ("matzo",), "kronor": ("krona",)},
        }

    def is_lemma(self, word: str, pos: str) -> bool:
        return word in self.entries[pos]

    def glosses(self, lemma: str, pos: str) -> list[str]:
        return list(self.entries[pos].get(lemma, ()))

    def joined(self, word: str) -> Key | None:
        return None

    def phrase_of(self, word: str) -> Key | None:
        return None


SUPPLEMENT = Supplement()
