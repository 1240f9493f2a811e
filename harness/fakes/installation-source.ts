// ScriptApp.InstallationSource and getInstallationSource(): how the script came to run for this user.
// Source: https://developers.google.com/apps-script/reference/script/installation-source and
// https://developers.google.com/apps-script/reference/script/script-app#getInstallationSource()
import { defineEnum } from "../enums.ts";
import type { Execution } from "../execution.ts";

export const InstallationSource = defineEnum(["APPS_MARKETPLACE_DOMAIN_ADD_ON", "NONE", "WEB_STORE_ADD_ON"]);

/**
 * Adds the enum and getInstallationSource() to a ScriptApp fake: a bound script is "not running as an
 * add-on" (NONE); the harness's add-on mode stands for a user who installed the add-on themselves
 * (WEB_STORE_ADD_ON; an administrator's domain install would say APPS_MARKETPLACE_DOMAIN_ADD_ON).
 */
export function withInstallationSource<T extends object>(
  exec: Execution,
  scriptApp: T,
  mode: "addon" | "bound",
) {
  return Object.assign(scriptApp, {
    InstallationSource,
    getInstallationSource() {
      exec.call("ScriptApp.getInstallationSource");
      return mode === "addon" ? InstallationSource.WEB_STORE_ADD_ON : InstallationSource.NONE;
    },
  });
}
