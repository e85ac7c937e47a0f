/**
 * Every page type of the hostile workspace in Chromium (see page-audit.ts).
 * Its data can change a page's markup, not its colours (no style reaches a
 * page: test/support/html-audit.ts). Axe runs where the data is drawn by
 * components of their own: the board's cards and filters, the issue and
 * project pages (with the colour rules, in both schemes: their description
 * HTML is the data's own markup), the Shipped list and the recent changes.
 * The other page types draw the same components again (a column, a team's
 * board, the embeds, the changelog) or no data (not found); their names are
 * read from the HTML on every page type (test/integration/hostile.test.ts),
 * and axe runs on each of them in the demo's audit (pages-demo.test.ts).
 */
import { describePageAudit } from './page-audit.ts';

describePageAudit('hostile workspace', 'hostile', { axeOn: ['board', 'issue', 'project', 'shipped', 'recent changes'], colourRulesOn: ['issue', 'project'] });
