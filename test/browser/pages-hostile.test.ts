/** Every page type of the hostile workspace in Chromium (see page-audit.ts). */
import { describePageAudit } from './page-audit.ts';

describePageAudit('hostile workspace', 'hostile');
