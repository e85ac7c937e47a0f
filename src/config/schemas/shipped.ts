/** The "Shipped" page. */
import { z } from 'zod';

export const shippedOptions = {
  /** The "Shipped" page. */
  shipped: z
    .strictObject({
      /** Columns whose issues count as shipped. */
      columns: z.array(z.string()).default(['done']),
      /** Project states that count as completed (a project at 100 % counts too). Matched ignoring case. */
      projectStates: z.array(z.string()).default(['completed', 'done', 'shipped', 'released']),
      /** Most issues listed. */
      limit: z.number().int().min(1).max(1000).default(50),
    })
    .default({ columns: ['done'], projectStates: ['completed', 'done', 'shipped', 'released'], limit: 50 }),
};
