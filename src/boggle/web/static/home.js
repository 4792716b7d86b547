// The front door: four links, the site's header and footer (board.js marks the current page).
import "/static/board.js";

document.body.dataset.ready = "true";
