// Blobs for Utilities.newBlob and responses; bytes cross into the bundle as signed numbers.
import type { Execution } from "../execution.ts";

export function toSignedBytes(buffer: Uint8Array): number[] {
  return Array.from(buffer, (b) => (b > 127 ? b - 256 : b));
}

export function fromBytes(bytes: ArrayLike<unknown>): Buffer {
  return Buffer.from(Array.from(bytes, (b) => Number(b) & 255));
}

const blobs = new WeakMap<object, { bytes: Buffer }>();

/** The bytes of a blob made by the harness, or null when `value` is not one. */
export function blobBytes(value: unknown): Buffer | null {
  if (!value || typeof value !== "object") return null;
  return blobs.get(value)?.bytes ?? null;
}

export function createBlob(exec: Execution, data: Buffer, contentType: string | null, name: string | null) {
  const state = { bytes: data, contentType, name };
  const blob = {
    getBytes() {
      exec.call("Blob.getBytes");
      return exec.realm.of(toSignedBytes(state.bytes));
    },
    getDataAsString(charset?: unknown) {
      exec.call("Blob.getDataAsString");
      return state.bytes.toString(
        charset === "US-ASCII" || String(charset) === "US_ASCII" ? "ascii" : "utf8",
      );
    },
    setDataFromString(text: unknown) {
      exec.call("Blob.setDataFromString");
      state.bytes = Buffer.from(String(text), "utf8");
      return blob;
    },
    setBytes(bytes: unknown) {
      exec.call("Blob.setBytes");
      state.bytes = fromBytes(bytes as ArrayLike<unknown>);
      return blob;
    },
    getContentType() {
      exec.call("Blob.getContentType");
      return state.contentType;
    },
    setContentType(type: unknown) {
      exec.call("Blob.setContentType");
      state.contentType = type === null ? null : String(type);
      return blob;
    },
    getName() {
      exec.call("Blob.getName");
      return state.name;
    },
    setName(name: unknown) {
      exec.call("Blob.setName");
      state.name = String(name);
      return blob;
    },
    copyBlob() {
      exec.call("Blob.copyBlob");
      return createBlob(exec, Buffer.from(state.bytes), state.contentType, state.name);
    },
    isGoogleType() {
      exec.call("Blob.isGoogleType");
      return false;
    },
  };
  blobs.set(blob, state);
  return blob;
}
