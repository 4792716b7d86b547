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
aha r: said on suddenly understanding or finding something
ahoy r: a sailor's call to hail a ship or get attention
albeit r: even though; although
among r: in the midst of, or shared between, several people or things
anon n: an anonymous person (informal)
anyone n: any person at all
app n: a program, especially one for a phone or tablet
artsy a: showily interested in the arts
atwitter a: excited and nervous
avast r: a sailor's order to stop or hold
aye n: a vote or answer of yes
bailout n: a rescue from money trouble, often with public funds
begone r: go away! (an order to leave)
beside r: at the side of; next to
betake v: to go or take oneself somewhere
betcha r: (informal) I bet you; surely
betook v: past of betake: went or took oneself somewhere
bicep n: the biceps muscle of the upper arm
botnet n: many computers taken over by malware and controlled together
brr r: said when one feels cold
but n: an objection (no ifs or buts)
cannot v: can not; is unable to
carb n: a carbohydrate, or food rich in them
cardio n: exercise that makes the heart and lungs work harder
casual n: a worker or player taken on now and then, not permanently
chyron n: a line of text shown across the lower part of a television picture
circa r: about, around (of a date or number)
copter n: a helicopter
could v: past of can; used to say something is possible
deejay n: a disc jockey: someone who plays recorded music on radio or at a party
doth v: (old) does
donator n: a donor: someone who gives
doughty a: brave and determined
duh r: said to mock something too obvious to say
dunno v: (informal) do not know
earbud n: a small earphone worn in the opening of the ear
eave n: the lower edge of a roof that juts out over a wall
eke v: to make something last or stretch with difficulty (eke out)
emo n: a style of emotional rock music, or one of its fans
emoji n: a small picture used in a text message to show a feeling or thing
ere r: (old) before
errata n: mistakes in a printed work, listed with their corrections
extinct v: to make extinct (rare)
fanboy n: a very keen fan, especially of a brand or a series
fanzine n: a magazine written by fans for fans
fest n: a festival or a gathering for some activity (a songfest)
feta n: a white, salty, crumbly Greek cheese of sheep's or goat's milk
fiche n: a microfiche: a sheet of film holding tiny images of pages
fie r: (old) said to show disgust or shame
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
hers n: the one or ones belonging to her
herself n: she or her, used for the same woman or girl as the subject, or for emphasis
him n: the form of he used as an object (I saw him)
homey n: (informal) a friend from one's home town or neighbourhood
horsy a: like a horse, or very fond of horses
how n: the way something is done (the how and the why)
huh r: said in surprise, doubt or to ask for something to be repeated
hie v: (old) to hurry
if n: a condition or doubt (no ifs or buts)
inbox n: where new messages or papers arrive
inbreed v: to breed from closely related animals or people
inseam n: the inside seam of a trouser leg, or its length
intel n: information, especially military or secret information
iterator n: in programming, something that steps through a collection one item at a time
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
myself n: I or me, used for the speaker as the object, or for emphasis
nerdy a: like a nerd: awkward and keenly studious
neath r: (poetic) beneath
nope r: (informal) no
noway r: in no way; not at all
obsequy n: a funeral rite
often r: many times, frequently
oho r: said in surprise or triumph
oops r: said on making a small mistake
opaque n: something that lets no light through
opioid n: a drug that acts like opium, such as morphine
orc n: an ugly, warlike creature of fantasy tales
other n: another person or thing; others: other people or things
ouch r: said in sudden pain
ought v: should; used to say what is right or likely
ours n: the one or ones belonging to us
patine v: to cover with a patina
pend v: to wait for a decision, or to leave undecided
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
shalt v: (old) shall, with thou
sheave n: a wheel with a groove for a rope, as in a pulley
she n: a female person or animal
should v: ought to; used to say what is right, likely or expected
sim n: a simulation, especially a computer game that imitates real life
snarky a: sharply sarcastic
sorta r: (informal) sort of; somewhat
spake v: (old) spoke
standout n: someone or something better than the rest
stat n: a statistic
sweaty a: covered with sweat
taser n: a weapon that stuns with an electric shock
teabag n: a small porous bag of tea leaves for making one cup or pot
thee n: (old) you, as the object of a verb
theirs n: the one or ones belonging to them
these n: the ones here or just mentioned (plural of this)
they n: those people or things; also a person whose gender is not stated
thru r: (informal) through
thy a: (old) your
toasty a: comfortably warm
tony a: (informal) stylish and expensive
tromp v: to tramp or trample
truther n: someone who holds that the truth of an event is being hidden
twerk v: to dance by shaking the hips and bottom in a squatting position
ugh r: said in disgust
ultra n: someone with extreme views
umiak n: an open Inuit boat of skins on a wooden frame
unto r: (old) to
vape v: to breathe in the vapour of an electronic cigarette
vast n: (old) a vast space
veep n: (informal) a vice president
versus r: against (as in a match or a lawsuit)
wack a: (slang) bad, strange or worthless
wanna v: (informal) want to
webinar n: a seminar held over the internet
what n: the thing that; whats: things asked about (the whats and whys)
when n: the time at which something happens (the whens and wheres)
where r: in or to which place
whereas r: while on the contrary; since
whereat r: (old) at which
whereby r: by which
wherein r: in which
whereof r: of which
whether r: if; used to bring in alternatives
whew r: said in relief or tiredness
whilst r: while
whither r: (old) to what place
whoa r: a call to stop a horse, or to slow down
whoever n: any person who; no matter who
whom n: what "who" becomes as the object of a verb or preposition (to whom, whom did you see)
wiki n: a website that its users can edit together
wingtip n: the tip of a wing, or a shoe with a toe cap shaped like one
wist v: (old) knew
wot v: (old) to know
would n: a wish or condition (the woulds and shoulds)
yeah n: a yes (informal)
yep r: (informal) yes
yest r: (old) yesterday
you n: the person or people spoken to; yous: (dialect) you, to more than one
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
