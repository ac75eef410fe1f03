#!/usr/bin/env node
/**
 * The languages' check (docs/languages.md): every message key of messages/en.json is in every other language's
 * file and no key is in one only, and each message names the same placeholders ({count}, {name, plural, …}) in
 * every language. Run by `npm run lint`, and by lib/platform/messages.test.ts so that `npm test` fails too.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/** Every message of a nested messages object, by its dotted key. */
export function flatten(obj, prefix = "", out = new Map()) {
  for (const [k, v] of Object.entries(obj)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (v !== null && typeof v === "object") flatten(v, key, out);
    else out.set(key, String(v));
  }
  return out;
}

/**
 * The argument names of an ICU message, nested ones (inside plural and select branches) included. A small
 * parser: text, then `{name}` or `{name, type, style}`, where a plural's or select's style is `key {message}`s.
 * Quoted text ('{') is skipped as ICU does.
 */
export function placeholders(message) {
  const names = new Set();
  let i = 0;
  const text = (stopAtBrace) => {
    while (i < message.length) {
      const c = message[i];
      if (c === "'" && message[i + 1] === "'") i += 2;
      else if (c === "'" && /[{}#|]/.test(message[i + 1] ?? "")) {
        const end = message.indexOf("'", i + 1);
        i = end < 0 ? message.length : end + 1;
      } else if (c === "{") argument();
      else if (c === "}" && stopAtBrace) return;
      else i++;
    }
  };
  const argument = () => {
    i++; // {
    const close = (() => {
      let depth = 0;
      for (let j = i; j < message.length; j++) {
        if (message[j] === "{") depth++;
        else if (message[j] === "}") {
          if (depth === 0) return j;
          depth--;
        } else if (message[j] === "," && depth === 0) return j;
      }
      return message.length;
    })();
    const name = message.slice(i, close).trim();
    if (name) names.add(name);
    i = close;
    if (message[i] !== ",") return void i++;
    i++;
    const typeEnd = message.slice(i).search(/[,}]/);
    const type = message.slice(i, typeEnd < 0 ? message.length : i + typeEnd).trim();
    i = typeEnd < 0 ? message.length : i + typeEnd;
    if (message[i] === "}") return void i++;
    i++; // , then the style
    if (["plural", "select", "selectordinal"].includes(type)) {
      while (i < message.length && message[i] !== "}") {
        if (message[i] === "{") {
          i++;
          text(true);
          i++;
        } else i++;
      }
      i++;
    } else {
      const end = message.indexOf("}", i);
      i = end < 0 ? message.length : end + 1;
    }
  };
  text(false);
  return [...names].sort();
}

/** What is wrong with the languages' messages: keys in one language only, placeholders that differ. */
export function problems(byLocale) {
  const out = [];
  const locales = Object.keys(byLocale);
  const flat = Object.fromEntries(locales.map((l) => [l, flatten(byLocale[l])]));
  const keys = new Set(locales.flatMap((l) => [...flat[l].keys()]));
  for (const key of [...keys].sort()) {
    const have = locales.filter((l) => flat[l].has(key));
    if (have.length < locales.length) {
      out.push(
        `${key}: only in ${have.join(", ")} (missing in ${locales.filter((l) => !have.includes(l)).join(", ")})`,
      );
      continue;
    }
    const [first, ...rest] = locales;
    const want = placeholders(flat[first].get(key)).join(", ");
    for (const l of rest) {
      const got = placeholders(flat[l].get(key)).join(", ");
      if (got !== want) out.push(`${key}: placeholders {${want}} in ${first} but {${got}} in ${l}`);
    }
  }
  return out;
}

/** The message files of a folder, by locale (the file's name). */
export function readMessages(dir) {
  const files = readdirSync(dir).filter((f) => f.endsWith(".json"));
  return Object.fromEntries(files.map((f) => [f.slice(0, -5), JSON.parse(readFileSync(path.join(dir, f), "utf8"))]));
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const dir = path.join(path.dirname(fileURLToPath(import.meta.url)), "..", "messages");
  const found = problems(readMessages(dir));
  for (const p of found) console.error(`messages: ${p}`);
  if (found.length) process.exit(1);
  console.log("messages: every key in every language, with the same placeholders");
}
