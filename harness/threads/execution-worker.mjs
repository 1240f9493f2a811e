// One execution thread: runs the bundle in a fresh vm context; every service call blocks on the harness.
// Plain JavaScript on purpose: Node 20 workers cannot load TypeScript through tsx.
import vm from "node:vm";
import { receiveMessageOnPort, workerData } from "node:worker_threads";
import { evalOnce } from "../eval-once.mjs";

const HANDLE = "\u0000handle";
const { port, wake, bell, prelude } = workerData;
const wakeFlag = new Int32Array(wake);
const bellCount = new Int32Array(bell);
const PRELUDE = new vm.Script(prelude);
const CALL = new vm.Script(`globalThis["__harness_call__"]()`);
/** Compiled once per bundle path: the harness sends the source only the first time. */
const scripts = new Map();
/** Sources the bundles evaluated, compiled once each (harness/eval-once.mjs says why). */
const evaluated = new Map();

function post(message) {
  port.postMessage(message);
  Atomics.add(bellCount, 0, 1);
  Atomics.notify(bellCount, 0);
}

function receive() {
  for (;;) {
    const got = receiveMessageOnPort(port);
    if (got) return got.message;
    Atomics.wait(wakeFlag, 0, 0);
    Atomics.store(wakeFlag, 0, 0);
  }
}

// harness/random.ts's seededRandom, sent as source: Math.random repeats per seed inside the thread too.
const seededRandom = vm.runInThisContext(`(${workerData.seededRandom})`);

const isDate = (value) => Object.prototype.toString.call(value) === "[object Date]";

function errorInfo(error) {
  if (error && typeof error === "object") return { name: String(error.name), message: String(error.message) };
  return { name: "Error", message: String(error) };
}

function runExecution(start) {
  // V8's code cache from the harness thread spares each thread a full parse and compile of the bundle.
  if (start.source !== undefined)
    scripts.set(
      start.path,
      new vm.Script(start.source, { filename: start.path, cachedData: start.cachedData }),
    );
  const script = scripts.get(start.path);
  let now = start.now;
  const context = vm.createContext({});
  // The lazy parts this execution evaluates, named in its "done" message for the execution's record.
  const parts = [];
  context.eval = evalOnce(context, evaluated, (name) => parts.push(name));
  // A mutation run's switchboard (harness/mutation-switch.ts): the active mutant in, coverage and hits out.
  const mutation = start.mutation ? { ...start.mutation } : undefined;
  if (mutation) context.__stryker__ = mutation;
  const tally = () =>
    mutation ? { hitCount: mutation.hitCount, mutantCoverage: mutation.mutantCoverage } : undefined;
  const intrinsics = PRELUDE.runInContext(context)(() => now, seededRandom(start.seed));
  const proxies = new Map();
  const ids = new WeakMap();

  const toThread = (value) => {
    if (value === null || typeof value !== "object") return value;
    if (Array.isArray(value)) {
      const out = new intrinsics.Array();
      for (const item of value) out.push(toThread(item));
      return out;
    }
    if (isDate(value)) return new intrinsics.Date(value.getTime());
    if (ArrayBuffer.isView(value)) return value;
    if (typeof value[HANDLE] === "number") return handle(value);
    const out = new intrinsics.Object();
    for (const key of Object.keys(value)) out[key] = toThread(value[key]);
    return out;
  };

  const toHarness = (value) => {
    if (value === null || value === undefined) return value;
    if (typeof value === "function") return undefined;
    if (typeof value !== "object") return value;
    const id = ids.get(value);
    if (id !== undefined) return { [HANDLE]: id };
    if (Array.isArray(value)) return Array.from(value, toHarness);
    if (isDate(value)) return new Date(value.getTime());
    if (ArrayBuffer.isView(value)) return value;
    const out = {};
    for (const key of Object.keys(value)) out[key] = toHarness(value[key]);
    return out;
  };

  const fail = (info) => {
    const error = new intrinsics.Error(info.message);
    error.name = info.name;
    return error;
  };

  const request = (message) => {
    post(message);
    for (;;) {
      const answer = receive();
      if (answer.op === "eval") {
        post(evaluate(answer));
        continue;
      }
      now = answer.now;
      if (answer.error) throw fail(answer.error);
      return toThread(answer.value);
    }
  };

  // A template's scriptlets run here, in the execution's context, as Apps Script runs them.
  const evaluate = (answer) => {
    now = answer.now;
    try {
      const program = vm.runInContext(answer.program, context);
      return { op: "evalDone", value: String(program(toThread(answer.data))) };
    } catch (error) {
      return { op: "evalDone", error: errorInfo(error) };
    }
  };

  function handle(marker) {
    const id = marker[HANDLE];
    const known = proxies.get(id);
    if (known) return known;
    const target = new intrinsics.Object();
    for (const method of marker.methods ?? []) {
      target[method] = (...args) => request({ op: "call", target: id, method, args: args.map(toHarness) });
    }
    for (const [key, value] of Object.entries(marker.data ?? {})) target[key] = toThread(value);
    const proxy = new Proxy(target, {
      set(object, key, value) {
        object[key] = value;
        if (typeof key === "string") request({ op: "set", target: id, key, value: toHarness(value) });
        return true;
      },
    });
    proxies.set(id, proxy);
    ids.set(proxy, id);
    return proxy;
  }

  try {
    for (const [name, value] of Object.entries(start.globals)) context[name] = toThread(value);
    script.runInContext(context);
    let fn = context;
    for (const part of start.functionName.split(".")) {
      fn = fn !== null && (typeof fn === "object" || typeof fn === "function") ? fn[part] : undefined;
    }
    if (typeof fn !== "function") {
      post({ op: "done", missing: true, mutation: tally(), evaluated: parts });
      return;
    }
    const args = toThread(start.args);
    context.__harness_call__ = () => fn.apply(undefined, args);
    const value = CALL.runInContext(context);
    post({ op: "done", value: toHarness(value), mutation: tally(), evaluated: parts });
  } catch (error) {
    post({ op: "done", error: errorInfo(error), mutation: tally(), evaluated: parts });
  }
}

for (;;) {
  const message = receive();
  if (message.op === "exit") break;
  if (message.op === "start") runExecution(message);
}
port.close();
