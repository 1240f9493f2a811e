// A list change the service refuses with 403 (a CRM territory, the default list) is about the list, not
// the key: the client's factory words every 403 as a key problem, so list writes pass on the service's
// own sentence instead.
import { ApiError } from "../../api/errors";
import { RequestError } from "../../core/text/user-errors";

export function refusalMessage(detail: string): string {
  return `The service refused: ${detail}`;
}

export function listWrite<T>(send: () => T): T {
  try {
    return send();
  } catch (error) {
    if (error instanceof ApiError && error.status === 403 && error.detail) {
      throw new RequestError(refusalMessage(error.detail));
    }
    throw error;
  }
}
