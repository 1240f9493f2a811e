// The globals one execution sees: fresh service objects bound to the world's state and to the execution.
import type { Execution } from "./execution.ts";
import { createCacheService } from "./fakes/cache-service.ts";
import { createHtmlService } from "./fakes/html-service.ts";
import { withInstallationSource } from "./fakes/installation-source.ts";
import { createLockService } from "./fakes/lock-service.ts";
import { createConsole, createLogger } from "./fakes/logger.ts";
import { createPropertiesService } from "./fakes/properties-service.ts";
import { createScriptApp } from "./fakes/script-app.ts";
import { createSession } from "./fakes/session.ts";
import { createSpreadsheetApp } from "./fakes/spreadsheet-app.ts";
import { createUi } from "./fakes/ui.ts";
import { createUrlFetchApp } from "./fakes/url-fetch-app.ts";
import { createUtilities } from "./fakes/utilities.ts";
import type { World } from "./world.ts";

export function createServices(exec: Execution, world: World) {
  const settings = world.settings;
  const documentId = exec.init.documentId;
  const doc = documentId === null ? null : world.document(documentId);
  const { app, book } = createSpreadsheetApp(
    { exec, recalc: world.recalc },
    { doc, find: (id) => world.spreadsheets.get(id), scopes: settings.scopes },
    () => createUi(exec, world.ui),
  );
  const globals: Record<string, unknown> = {
    SpreadsheetApp: app,
    PropertiesService: createPropertiesService(exec, world.properties, world.quotas.properties),
    CacheService: createCacheService(exec, world.caches),
    LockService: createLockService(exec, world.locks),
    UrlFetchApp: createUrlFetchApp(exec, {
      backend: settings.backend,
      latencyMs: settings.latencyMs,
      httpTimeoutMs: settings.httpTimeoutMs,
      fetchDeadlineMs: settings.fetchDeadlineMs,
      log: world.fetches,
      quota: world.quota,
    }),
    ScriptApp: withInstallationSource(
      exec,
      createScriptApp(exec, {
        triggers: world.triggers,
        timeZone: settings.timeZone,
        scriptId: settings.scriptId,
        authorized: settings.authorized,
        scopes: settings.scopes,
      }),
      settings.mode,
    ),
    HtmlService: createHtmlService(exec, settings.bundleDir),
    Utilities: createUtilities(exec, { random: world.random }),
    Session: createSession(exec, {
      timeZone: settings.timeZone,
      locale: settings.locale,
      seed: settings.seed,
    }),
    Logger: createLogger(exec),
    console: createConsole(exec),
  };
  return { globals, book };
}
