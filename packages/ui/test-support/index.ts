/**
 * Test support of @ops/ui (never imported by src/ outside tests): rendering inside React's act, role
 * queries that reach into Shoelace's shadow roots, and real key presses. Query and fire events with
 * @testing-library/dom; importing this module also sets Testing Library up for React.
 */
export { cleanup, inAct, type Rendered, render } from './render';
// The shadow-reaching role queries (find/get/query, one and all) and shadowHost.
export * from './shadow-queries';
export { deferred, press, sleep } from './timing';
