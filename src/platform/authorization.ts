// Adapter over ScriptApp.getAuthorizationInfo: whether the user has allowed the add-on, and which scopes.

export interface Authorization {
  /** REQUIRED or NOT_REQUIRED, for AuthMode.FULL. */
  status: string;
  /** The scopes the user granted; empty when the platform lists none. */
  scopes: string[];
}

/** getAuthorizedScopes() is in Google's reference for AuthorizationInfo but not yet in @types/google-apps-script. */
type Info = GoogleAppsScript.Script.AuthorizationInfo & { getAuthorizedScopes?: () => string[] | null };

export function fullAuthorization(): Authorization {
  const info: Info = ScriptApp.getAuthorizationInfo(ScriptApp.AuthMode.FULL);
  return { status: String(info.getAuthorizationStatus()), scopes: [...(info.getAuthorizedScopes?.() ?? [])] };
}
