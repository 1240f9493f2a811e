// PropertiesService: string values, 9 KB per value, 500 KB per store, and whose store a custom function sees.
import { describe, expect, it } from "vitest";
import {
  createPropertiesService,
  PROPERTY_STORE_MAX_BYTES,
  PROPERTY_VALUE_MAX_BYTES,
  PropertyStores,
} from "../../../harness/fakes/properties-service.ts";
import { GAS } from "../../../harness/index.ts";
import { bareExecution, fixtureHarness, thrown } from "./support.ts";

function service(
  kind: "run" | "customFunction" = "run",
  user = "user@example.com",
  owner = "user@example.com",
) {
  const stores = new PropertyStores();
  const exec = bareExecution({
    kind,
    authMode: kind === "run" ? "FULL" : "CUSTOM_FUNCTION",
    user,
    storeUser: owner,
  });
  return { stores, props: createPropertiesService(exec, stores) };
}

describe("PropertiesService", () => {
  it("stores every value as a string", () => {
    const { props } = service();
    const script = props.getScriptProperties();
    script.setProperty("count", 42 as unknown as string).setProperties({ on: true as unknown as string });
    expect(script.getProperty("count")).toBe("42");
    expect(script.getProperties()).toEqual({ count: "42", on: "true" });
    expect(script.getProperty("missing")).toBeNull();
  });

  it("refuses a value over 9 KB with Apps Script's message and keeps the old value", () => {
    const { props } = service();
    const user = props.getUserProperties();
    user.setProperty("k", "small");
    expect(thrown(() => user.setProperty("k", "x".repeat(PROPERTY_VALUE_MAX_BYTES + 1)))).toBe(
      "Argument too large: value",
    );
    expect(user.getProperty("k")).toBe("small");
    user.setProperty("k", "x".repeat(PROPERTY_VALUE_MAX_BYTES));
    expect(user.getProperty("k")).toHaveLength(PROPERTY_VALUE_MAX_BYTES);
  });

  it("counts bytes, not characters, against the 9 KB limit", () => {
    const { props } = service();
    // "é" is two bytes in UTF-8: 4,609 of them are 9,218 bytes.
    expect(thrown(() => props.getScriptProperties().setProperty("k", "é".repeat(4609)))).toBe(
      GAS.propertyValueTooLarge,
    );
  });

  it("refuses a write that would take the store past 500 KB", () => {
    const { props, stores } = service();
    const doc = props.getDocumentProperties()!;
    const value = "v".repeat(9000);
    let written = 0;
    const message = thrown(() => {
      for (;;) {
        doc.setProperty(`key${written}`, value);
        written++;
      }
    });
    expect(message).toBe(
      "You have exceeded the property storage quota. Please remove some properties and try again.",
    );
    expect(written).toBe(Math.floor(PROPERTY_STORE_MAX_BYTES / (9000 + "key00".length)));
    expect(stores.document("doc-1").size()).toBeLessThanOrEqual(PROPERTY_STORE_MAX_BYTES);
    doc.setProperty("key0", "small");
    expect(doc.getProperty("key0")).toBe("small");
  });

  it("applies setProperties all or nothing", () => {
    const { props } = service();
    const script = props.getScriptProperties();
    expect(thrown(() => script.setProperties({ a: "1", b: "x".repeat(PROPERTY_VALUE_MAX_BYTES + 1) }))).toBe(
      GAS.propertyValueTooLarge,
    );
    expect(script.getKeys()).toEqual([]);
    script.setProperties({ a: "1", b: "2" });
    script.setProperties({ c: "3" }, true);
    expect(script.getProperties()).toEqual({ c: "3" });
    script.deleteAllProperties();
    expect(script.getProperties()).toEqual({});
  });

  it("answers a setProperty without a value with the signature message", () => {
    const { props } = service();
    const script = props.getScriptProperties() as unknown as { setProperty: (...a: unknown[]) => unknown };
    expect(thrown(() => script.setProperty("only-key"))).toBe(
      "The parameters (String) don't match the method signature for PropertiesService.Properties.setProperty.",
    );
  });

  it("keeps user stores apart and gives a custom function the owner's store", () => {
    const stores = new PropertyStores();
    stores.user("owner@example.com").put({ API_KEY: "owner-key" });
    const editor = bareExecution({
      kind: "customFunction",
      authMode: "CUSTOM_FUNCTION",
      user: "editor@example.com",
      storeUser: "owner@example.com",
    });
    const props = createPropertiesService(editor, stores).getUserProperties();
    expect(props.getProperty("API_KEY")).toBe("owner-key");
    expect(thrown(() => props.setProperty("API_KEY", "mine"))).toBe(
      "You do not have permission to call setProperty",
    );
    expect(thrown(() => props.deleteProperty("API_KEY"))).toBe(
      "You do not have permission to call deleteProperty",
    );
  });

  it("lets the owner write user properties from a custom function", () => {
    const { props, stores } = service("customFunction", "owner@example.com", "owner@example.com");
    props.getUserProperties().setProperty("seen", "1");
    expect(stores.user("owner@example.com").snapshot()).toEqual({ seen: "1" });
  });

  it("counts reads and writes per store", () => {
    const { props, stores } = service();
    const script = props.getScriptProperties();
    script.setProperty("a", "1");
    script.getProperty("a");
    script.getProperty("b");
    expect(stores.script.writes).toBe(1);
    expect(stores.script.reads).toBe(2);
  });

  it("reads the owner's key in a formula run by a collaborator", async () => {
    const gas = await fixtureHarness({ user: "editor@example.com", owner: "owner@example.com" });
    gas.properties.user("owner@example.com").put({ API_KEY: "owner-key" });
    gas.properties.user("editor@example.com").put({ API_KEY: "editor-key" });
    const cell = gas.formula("A1", `=PROBE("PropertiesService.getUserProperties().getProperty('API_KEY')")`);
    expect(cell.value).toBe("owner-key");
    expect(gas.run("probe", "PropertiesService.getUserProperties().getProperty('API_KEY')")).toBe(
      "editor-key",
    );
  });
});
