// Parses the text form of an advanced query: `<field> <OP> '<value>'` joined with AND, OR, parentheses.
import { type ConditionOperator, QueryError, type QueryNode } from "./ast.ts";

type Token =
  | { kind: "word"; text: string; at: number }
  | { kind: "string"; text: string; at: number }
  | { kind: "number"; value: number; at: number }
  | { kind: "punct"; text: "(" | ")" | ","; at: number };

const EXAMPLE =
  "Write conditions as <field> EQ '<value>' joined with AND, e.g. technology EQ 'python' AND country EQ 'US'.";

export function parseQueryText(text: string): QueryNode {
  const parser = new Parser(tokenize(text));
  const node = parser.orExpression();
  parser.expectEnd();
  return node;
}

function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < text.length) {
    const ch = text[i]!;
    if (/\s/.test(ch)) {
      i++;
    } else if (ch === "(" || ch === ")" || ch === ",") {
      tokens.push({ kind: "punct", text: ch, at: i });
      i++;
    } else if (ch === "'" || ch === '"') {
      const start = i;
      let value = "";
      i++;
      for (;;) {
        if (i >= text.length)
          throw new QueryError(
            `Unterminated string starting at character ${start + 1}: close it with ${ch}.`,
          );
        if (text[i] === ch && text[i + 1] === ch) {
          value += ch;
          i += 2;
        } else if (text[i] === ch) {
          i++;
          break;
        } else {
          value += text[i];
          i++;
        }
      }
      tokens.push({ kind: "string", text: value, at: start });
    } else if (/[0-9-]/.test(ch) && /^-?\d+(?![A-Za-z_])/.test(text.slice(i))) {
      const match = /^-?\d+/.exec(text.slice(i))!;
      tokens.push({ kind: "number", value: Number(match[0]), at: i });
      i += match[0].length;
    } else if (/[A-Za-z_]/.test(ch)) {
      const match = /^[A-Za-z_][A-Za-z0-9_]*/.exec(text.slice(i))!;
      tokens.push({ kind: "word", text: match[0], at: i });
      i += match[0].length;
    } else {
      throw new QueryError(`Unexpected character "${ch}" at character ${i + 1}. ${EXAMPLE}`);
    }
  }
  return tokens;
}

class Parser {
  private position = 0;

  constructor(private readonly tokens: Token[]) {}

  orExpression(): QueryNode {
    const children = [this.andExpression()];
    while (this.keyword("OR")) children.push(this.andExpression());
    return children.length === 1 ? children[0]! : { op: "OR", children };
  }

  expectEnd(): void {
    const token = this.tokens[this.position];
    if (token)
      throw new QueryError(
        `Unexpected ${describe(token)} at character ${token.at + 1}: join conditions with AND. ${EXAMPLE}`,
      );
  }

  private andExpression(): QueryNode {
    const children = [this.primary()];
    while (this.keyword("AND")) children.push(this.primary());
    return children.length === 1 ? children[0]! : { op: "AND", children };
  }

  private primary(): QueryNode {
    const token = this.tokens[this.position];
    if (!token) throw new QueryError(`The query ends where a condition was expected. ${EXAMPLE}`);
    if (token.kind === "punct" && token.text === "(") {
      this.position++;
      const inner = this.orExpression();
      this.expectPunct(")", "to close the parenthesis");
      return inner;
    }
    if (token.kind !== "word") {
      throw new QueryError(
        `Expected a field name at character ${token.at + 1}, found ${describe(token)}. ${EXAMPLE}`,
      );
    }
    this.position++;
    const field = token.text.toLowerCase();
    const op = this.operator(token.text);
    const values = this.operand(op, field);
    return { op, field, values };
  }

  private operator(field: string): ConditionOperator {
    const token = this.tokens[this.position];
    const word = token?.kind === "word" ? token.text.toUpperCase() : undefined;
    const fail = (): never => {
      const where = token ? `found ${describe(token)} at character ${token.at + 1}` : "the query ends";
      throw new QueryError(
        `Expected an operator (EQ, NOT EQ, IN, NOT IN, IN ALL) after "${field}", but ${where}. ${EXAMPLE}`,
      );
    };
    if (word === "EQ") {
      this.position++;
      return "EQ";
    }
    if (word === "IN") {
      this.position++;
      return this.keyword("ALL") ? "IN ALL" : "IN";
    }
    if (word === "NOT") {
      this.position++;
      if (this.keyword("EQ")) return "NOT EQ";
      if (this.keyword("IN")) return "NOT IN";
    }
    return fail();
  }

  private operand(op: ConditionOperator, field: string): (string | number)[] {
    const token = this.tokens[this.position];
    if (op === "EQ" || op === "NOT EQ") {
      if (token?.kind === "string") {
        this.position++;
        return [token.text];
      }
      if (token?.kind === "number") {
        this.position++;
        return [token.value];
      }
      const where = token ? `found ${describe(token)}` : "the query ends";
      throw new QueryError(
        `Expected a quoted value after ${field} ${op}, but ${where}, e.g. ${field} ${op} 'value'.`,
      );
    }
    this.expectPunct("(", `after ${field} ${op}: list values as ('a', 'b')`);
    const values: (string | number)[] = [];
    for (;;) {
      const item = this.tokens[this.position];
      if (item?.kind === "string") values.push(item.text);
      else if (item?.kind === "number") values.push(item.value);
      else
        throw new QueryError(
          `Expected a quoted value in the list after ${field} ${op}, e.g. ${field} ${op} ('a', 'b').`,
        );
      this.position++;
      const next = this.tokens[this.position];
      if (next?.kind === "punct" && next.text === ",") {
        this.position++;
        continue;
      }
      this.expectPunct(")", `to close the list after ${field} ${op}`);
      return values;
    }
  }

  private keyword(word: string): boolean {
    const token = this.tokens[this.position];
    if (token?.kind === "word" && token.text.toUpperCase() === word) {
      this.position++;
      return true;
    }
    return false;
  }

  private expectPunct(text: "(" | ")", why: string): void {
    const token = this.tokens[this.position];
    if (token?.kind === "punct" && token.text === text) {
      this.position++;
      return;
    }
    const where = token ? `found ${describe(token)} at character ${token.at + 1}` : "the query ends";
    throw new QueryError(`Expected "${text}" ${why}, but ${where}.`);
  }
}

function describe(token: Token): string {
  switch (token.kind) {
    case "word":
      return `"${token.text}"`;
    case "string":
      return `'${token.text}'`;
    case "number":
      return String(token.value);
    default:
      return `"${token.text}"`;
  }
}
