/**
 * Every page type of the hostile workspace in Chromium (see page-audit.ts).
 * Its data can change a page's markup, not its colours (no style reaches a
 * page: test/support/html-audit.ts), so axe's colour rules, most of axe's time,
 * run in both schemes where data brings markup of its own (the description
 * HTML of the issue and project pages) and on the demo's audit of every page
 * type (pages-demo.test.ts); every other rule runs on every page type here.
 */
import { describePageAudit } from './page-audit.ts';

describePageAudit('hostile workspace', 'hostile', { colourRulesOn: ['issue', 'project'] });
