// HtmlService: HTML outputs, files beside the bundle, and templates evaluated in the execution.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { argTypes } from "../arg-types.ts";
import { defineEnum } from "../enums.ts";
import { GAS } from "../errors.ts";
import type { Execution } from "../execution.ts";
import { compileTemplate, escapeHtml, evaluateTemplate, templateProgram } from "./html-template.ts";

export const SandboxMode = defineEnum(["EMULATED", "IFRAME", "NATIVE"]);
export const XFrameOptionsMode = defineEnum(["ALLOWALL", "DEFAULT"]);

/** What a shown sidebar or dialog displayed. */
export interface HtmlOutputState {
  content: string;
  title: string;
  width: number | null;
  height: number | null;
  sandboxMode: string | null;
  xFrameOptionsMode: string | null;
  metaTags: Array<{ name: string; content: string }>;
  faviconUrl: string | null;
}

const outputs = new WeakMap<object, HtmlOutputState>();

/** The state behind an HtmlOutput made by the harness, or null when `value` is not one. */
export function htmlOutputState(value: unknown): HtmlOutputState | null {
  if (!value || typeof value !== "object") return null;
  return outputs.get(value) ?? null;
}

export function createHtmlService(exec: Execution, bundleDir: string) {
  const readFile = (name: unknown): string => {
    const file = String(name);
    const path = join(bundleDir, file.endsWith(".html") ? file : `${file}.html`);
    if (!existsSync(path)) exec.fail(GAS.htmlFileMissing(file));
    return readFileSync(path, "utf8");
  };

  const output = (content: string) => {
    const state: HtmlOutputState = {
      content,
      title: "",
      width: null,
      height: null,
      sandboxMode: null,
      xFrameOptionsMode: null,
      metaTags: [],
      faviconUrl: null,
    };
    const html = {
      getContent: exec.method("HtmlOutput.getContent", () => state.content),
      setContent(text: unknown) {
        exec.call("HtmlOutput.setContent");
        state.content = String(text);
        return html;
      },
      append(text: unknown) {
        exec.call("HtmlOutput.append");
        state.content += String(text);
        return html;
      },
      appendUntrusted(text: unknown) {
        exec.call("HtmlOutput.appendUntrusted");
        state.content += escapeHtml(String(text));
        return html;
      },
      clear() {
        exec.call("HtmlOutput.clear");
        state.content = "";
        return html;
      },
      getTitle: exec.method("HtmlOutput.getTitle", () => state.title),
      setTitle(title: unknown) {
        exec.call("HtmlOutput.setTitle");
        state.title = String(title);
        return html;
      },
      getWidth: exec.method("HtmlOutput.getWidth", () => state.width),
      setWidth(width: unknown) {
        exec.call("HtmlOutput.setWidth");
        state.width = Number(width);
        return html;
      },
      getHeight: exec.method("HtmlOutput.getHeight", () => state.height),
      setHeight(height: unknown) {
        exec.call("HtmlOutput.setHeight");
        state.height = Number(height);
        return html;
      },
      setSandboxMode(mode: unknown) {
        exec.call("HtmlOutput.setSandboxMode");
        state.sandboxMode = String(mode);
        return html;
      },
      setXFrameOptionsMode(mode: unknown) {
        exec.call("HtmlOutput.setXFrameOptionsMode");
        state.xFrameOptionsMode = String(mode);
        return html;
      },
      addMetaTag(name: unknown, content: unknown) {
        exec.call("HtmlOutput.addMetaTag");
        state.metaTags.push({ name: String(name), content: String(content) });
        return html;
      },
      setFaviconUrl(url: unknown) {
        exec.call("HtmlOutput.setFaviconUrl");
        state.faviconUrl = String(url);
        return html;
      },
      getFaviconUrl: exec.method("HtmlOutput.getFaviconUrl", () => state.faviconUrl),
      asTemplate() {
        exec.call("HtmlOutput.asTemplate");
        return template(state.content);
      },
    };
    outputs.set(html, state);
    return html;
  };

  const template = (raw: string) => {
    const methods = new Set(["evaluate", "getCode", "getRawContent"]);
    const tpl: Record<string, unknown> = {
      evaluate() {
        exec.call("HtmlTemplate.evaluate");
        const compiled = compileTemplate(raw);
        if (!compiled.ok) exec.fail(compiled.error);
        const data: Record<string, unknown> = {};
        for (const [key, value] of Object.entries(tpl)) if (!methods.has(key)) data[key] = value;
        const page = exec.runTemplate
          ? exec.runTemplate(templateProgram(compiled.source), data)
          : evaluateTemplate(compiled.source, exec.context, exec.realm.of(data));
        return output(page);
      },
      getCode() {
        exec.call("HtmlTemplate.getCode");
        const compiled = compileTemplate(raw);
        if (!compiled.ok) exec.fail(compiled.error);
        return compiled.source;
      },
      getRawContent() {
        exec.call("HtmlTemplate.getRawContent");
        return raw;
      },
    };
    return tpl;
  };

  return {
    SandboxMode,
    XFrameOptionsMode,
    createHtmlOutput(html?: unknown) {
      exec.call("HtmlService.createHtmlOutput");
      if (html !== undefined && typeof html !== "string") {
        exec.fail(GAS.signature(argTypes([html]), "HtmlService.createHtmlOutput"));
      }
      return output(html ?? "");
    },
    createHtmlOutputFromFile(filename: unknown) {
      exec.call("HtmlService.createHtmlOutputFromFile");
      return output(readFile(filename));
    },
    createTemplate(html: unknown) {
      exec.call("HtmlService.createTemplate");
      return template(String(html));
    },
    createTemplateFromFile(filename: unknown) {
      exec.call("HtmlService.createTemplateFromFile");
      return template(readFile(filename));
    },
  };
}
