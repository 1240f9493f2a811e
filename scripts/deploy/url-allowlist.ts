// Apps Script's URL allowlist (`urlFetchWhitelist`): the one prefix the add-on needs, Google's rules for a
// prefix, and how Apps Script matches a URL against the list.
import { API_VERSION } from "../../src/api/contract/endpoints.ts";

/** The add-on fetches only `<base>/v9/...`, so the allowlist grants that path and nothing else on the host. */
export function serviceAllowlistPrefix(baseUrl: string): string {
  return `${baseUrl.replace(/\/+$/, "")}/${API_VERSION}/`;
}

const IPV4 = /^\d{1,3}(\.\d{1,3}){3}$/;

/**
 * Why Apps Script would refuse `prefix` in `urlFetchWhitelist`, or null when it is valid. Google's rules:
 * a valid URL, https, a full domain (a single leading `*.` wildcard allowed), a non-empty path.
 */
export function prefixProblem(prefix: string): string | null {
  const shown = JSON.stringify(prefix.length > 100 ? `${prefix.slice(0, 100)}…` : prefix);
  const match = /^([a-z][a-z0-9+.-]*):\/\/([^/?#]*)(.*)$/i.exec(prefix);
  if (!match) return `${shown} is not a URL.`;
  const [, scheme, authority, rest] = match as unknown as [string, string, string, string];
  if (scheme.toLowerCase() !== "https")
    return `${shown} must use https:// (Apps Script fetches nothing else).`;
  if (authority.includes("@")) return `${shown} must not carry a user name or password.`;
  const host = authority.replace(/:\d+$/, "").toLowerCase();
  const bare = host.startsWith("*.") ? host.slice(2) : host;
  if (bare.includes("*"))
    return `${shown} may use one wildcard only, as its host's first label (*.example.com).`;
  if (bare.startsWith("[") || IPV4.test(bare) || !/^([a-z0-9-]+\.)+[a-z0-9-]+$/.test(bare)) {
    return `${shown} needs a full domain name such as api.example.com.`;
  }
  if (!rest.startsWith("/"))
    return `${shown} needs a path: end it with "/" (${JSON.stringify(`${prefix}/`)}).`;
  return null;
}

function split(url: string): { origin: string; path: string } | null {
  const match = /^([a-z][a-z0-9+.-]*:\/\/[^/?#]*)(.*)$/i.exec(url);
  return match ? { origin: match[1]!.toLowerCase(), path: match[2]! } : null;
}

function originMatches(prefixOrigin: string, urlOrigin: string): boolean {
  const wildcard = /^(https:\/\/)\*\.(.+)$/.exec(prefixOrigin);
  if (!wildcard) return prefixOrigin === urlOrigin;
  return urlOrigin.startsWith(wildcard[1]!) && urlOrigin.endsWith(`.${wildcard[2]!}`);
}

/**
 * Whether Apps Script lets the add-on fetch `url` with this allowlist: the URL equals a prefix or lies
 * under it (`…/foo` covers `…/foo`, `…/foo/bar`, `…/foo?x`, not `…/foobar`). Scheme and host compare
 * without case, the path with case.
 */
export function allowlistCovers(prefixes: readonly string[], url: string): boolean {
  const target = split(url);
  if (!target) return false;
  return prefixes.some((prefix) => {
    const allowed = split(prefix);
    if (!allowed || !originMatches(allowed.origin, target.origin)) return false;
    if (!target.path.startsWith(allowed.path)) return false;
    if (target.path.length === allowed.path.length || allowed.path.endsWith("/")) return true;
    return "/?#".includes(target.path[allowed.path.length]!);
  });
}
