// Utilities: sleep on the clock, seeded UUIDs, digests, HMACs, base64, formatDate and newBlob.
import { createHash, createHmac } from "node:crypto";
import { argTypes } from "../arg-types.ts";
import { defineEnum, enumName } from "../enums.ts";
import { GAS } from "../errors.ts";
import type { Execution } from "../execution.ts";
import { uuidFrom } from "../random.ts";
import { isDate } from "../realm.ts";
import { blobBytes, createBlob, fromBytes, toSignedBytes } from "./blob.ts";
import { formatDate } from "./format-date.ts";

export const SLEEP_MAX_MS = 300_000;

export const DigestAlgorithm = defineEnum(["MD2", "MD5", "SHA_1", "SHA_256", "SHA_384", "SHA_512"]);
export const MacAlgorithm = defineEnum([
  "HMAC_MD5",
  "HMAC_SHA_1",
  "HMAC_SHA_256",
  "HMAC_SHA_384",
  "HMAC_SHA_512",
]);
export const Charset = defineEnum(["US_ASCII", "UTF_8"]);

const NODE_DIGEST: Record<string, string> = {
  MD5: "md5",
  SHA_1: "sha1",
  SHA_256: "sha256",
  SHA_384: "sha384",
  SHA_512: "sha512",
};

export interface UtilitiesDeps {
  random: () => number;
}

export function createUtilities(exec: Execution, deps: UtilitiesDeps) {
  const encoding = (charset: unknown): BufferEncoding =>
    enumName(charset) === "US_ASCII" ? "ascii" : "utf8";
  const bytesOf = (value: unknown, charset?: unknown): Buffer => {
    const blob = blobBytes(value);
    if (blob) return blob;
    if (Array.isArray(value)) return fromBytes(value);
    return Buffer.from(String(value), encoding(charset));
  };
  const digestName = (algorithm: unknown, table: Record<string, string>, prefix = ""): string => {
    const name = enumName(algorithm);
    const node = name ? table[name.slice(prefix.length)] : undefined;
    if (!node) exec.fail(GAS.invalidArgument("algorithm"));
    return node;
  };
  const decode = (encoded: unknown, webSafe: boolean): Buffer => {
    const text = String(encoded).trim();
    const pattern = webSafe ? /^[A-Za-z0-9_-]*={0,2}$/ : /^[A-Za-z0-9+/]*={0,2}$/;
    if (!pattern.test(text) || text.replace(/=+$/, "").length % 4 === 1) exec.fail(GAS.base64Decode);
    return Buffer.from(text, webSafe ? "base64url" : "base64");
  };
  return {
    DigestAlgorithm,
    MacAlgorithm,
    Charset,
    sleep(milliseconds: unknown) {
      exec.call("Utilities.sleep");
      const ms = Number(milliseconds);
      if (!Number.isFinite(ms) || ms < 0 || ms > SLEEP_MAX_MS) exec.fail(GAS.sleepRange);
      exec.spend(ms);
    },
    getUuid() {
      exec.call("Utilities.getUuid");
      return uuidFrom(deps.random);
    },
    computeDigest(algorithm: unknown, value: unknown, charset?: unknown) {
      exec.call("Utilities.computeDigest");
      const hash = createHash(digestName(algorithm, NODE_DIGEST)).update(bytesOf(value, charset)).digest();
      return exec.realm.of(toSignedBytes(hash));
    },
    computeHmacSignature(algorithm: unknown, value: unknown, key: unknown, charset?: unknown) {
      exec.call("Utilities.computeHmacSignature");
      const name = digestName(algorithm, NODE_DIGEST, "HMAC_");
      const mac = createHmac(name, bytesOf(key, charset)).update(bytesOf(value, charset)).digest();
      return exec.realm.of(toSignedBytes(mac));
    },
    computeHmacSha256Signature(value: unknown, key: unknown, charset?: unknown) {
      exec.call("Utilities.computeHmacSha256Signature");
      const mac = createHmac("sha256", bytesOf(key, charset)).update(bytesOf(value, charset)).digest();
      return exec.realm.of(toSignedBytes(mac));
    },
    base64Encode(data: unknown, charset?: unknown) {
      exec.call("Utilities.base64Encode");
      return bytesOf(data, charset).toString("base64");
    },
    base64EncodeWebSafe(data: unknown, charset?: unknown) {
      exec.call("Utilities.base64EncodeWebSafe");
      return bytesOf(data, charset).toString("base64").replaceAll("+", "-").replaceAll("/", "_");
    },
    base64Decode(encoded: unknown) {
      exec.call("Utilities.base64Decode");
      return exec.realm.of(toSignedBytes(decode(encoded, false)));
    },
    base64DecodeWebSafe(encoded: unknown) {
      exec.call("Utilities.base64DecodeWebSafe");
      return exec.realm.of(toSignedBytes(decode(encoded, true)));
    },
    formatDate(date: unknown, timeZone: unknown, format: unknown) {
      exec.call("Utilities.formatDate");
      if (!isDate(date) || typeof timeZone !== "string" || typeof format !== "string") {
        exec.fail(GAS.signature(argTypes([date, timeZone, format]), "Utilities.formatDate"));
      }
      const result = formatDate((date as Date).getTime(), timeZone as string, format as string);
      if (!result.ok) exec.fail(result.error);
      return result.text;
    },
    newBlob(data: unknown, contentType?: unknown, name?: unknown) {
      exec.call("Utilities.newBlob");
      return createBlob(
        exec,
        bytesOf(data ?? ""),
        contentType === undefined || contentType === null ? null : String(contentType),
        name === undefined || name === null ? null : String(name),
      );
    },
  };
}
