/** Every page type of the bundled demo in Chromium (see page-audit.ts). */
import { describePageAudit } from './page-audit.ts';

describePageAudit('demo', 'demo');
