// The styles of the first screens (scripts/first-screens.ts: /offers, an offer detail, the wizard's first
// step), in the entry's stylesheet that index.html links. Left to their chunks, each would be a <link> the
// app appends when it loads them: nine of them on /offers, 25-35 ms of main thread at start on a 4x slowed
// CPU (docs/adr/0170-how-first-screen-files-load.md). The components import their styles as well; a style imported here is
// the one module, in the entry's stylesheet only. check:bundle fails when a first screen loads another.
import './ui/badge.css';
import './ui/button.css';
import './ui/chip.css';
import './ui/icon.css';
import './ui/icon-button.css';
import './ui/pagination.css';
import './ui/spinner.css';
import './ui/text.css';
import './features/offers/offers.css';
import './features/compare/components/compare-toggle.css';
import './features/offer-detail/offer-detail.css';
import './features/quotation/quotation.css';
