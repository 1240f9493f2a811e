// Adapter: whether this script runs as a published add-on or as a bound script, as ScriptApp says.
import { DEPLOYMENT_PROPERTY, type Deployment, readDeployment } from "../core/jobs/trigger-plan";
import { propertyStore } from "./properties";

/**
 * "addon" when Apps Script says the add-on was installed (by the user, or by a domain administrator); for NONE
 * ("not running as an add-on": a bound script, and, as far as Google says, a standalone project's test
 * deployment) the script property DEPLOYMENT decides, unset meaning a bound script.
 */
export function currentDeployment(): Deployment {
  if (ScriptApp.getInstallationSource() !== ScriptApp.InstallationSource.NONE) return "addon";
  return readDeployment(propertyStore("script")?.get(DEPLOYMENT_PROPERTY));
}

/** The installation source's name, as Diagnostics shows it. */
export function installationSourceName(): string {
  return String(ScriptApp.getInstallationSource());
}
