import { createBus } from './bus';

/** The console's one bus. @ops/shared is a singleton through the import map, so every package shares it. */
export const bus = createBus();
