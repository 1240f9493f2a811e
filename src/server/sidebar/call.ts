// Runs a sidebar-callable function so that any failure reaches the sidebar as one readable sentence.

/** How long a sidebar call may wait on the service; the person is watching a spinner meanwhile. */
export const SIDEBAR_CALL_BUDGET_MS = 30_000;

/**
 * google.script.run hands the failure handler an Error built from what the server threw; rethrowing a
 * plain Error with only the message keeps class names and stacks out of what the person reads.
 */
export function sidebarCall<T>(body: () => T): T {
  try {
    return body();
  } catch (error) {
    throw new Error(error instanceof Error ? error.message : String(error));
  }
}
