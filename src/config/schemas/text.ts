/** Text a team writes that reaches pages and feeds. */
import { z } from 'zod';
import { withoutXmlForbidden } from '../../shared/text.ts';

/** Text that reaches pages and the feed: without the characters XML 1.0 forbids, which would make the feed invalid. */
export const outputText = () => z.string().transform(withoutXmlForbidden);
