// Apps Script enums: frozen singletons that compare by identity and print their names.

export interface EnumValue {
  name(): string;
  ordinal(): number;
  toString(): string;
  toJSON(): string;
}

// A shared prototype marks enum values, so copying data into a context never clones one (identity matters).
const ENUM_VALUE = Object.freeze(Object.create(Object.prototype));

export function defineEnum<const N extends string>(names: readonly N[]): Readonly<Record<N, EnumValue>> {
  const values = {} as Record<N, EnumValue>;
  names.forEach((name, index) => {
    values[name] = Object.freeze(
      Object.assign(Object.create(ENUM_VALUE), {
        name: () => name,
        ordinal: () => index,
        toString: () => name,
        toJSON: () => name,
      }),
    );
  });
  return Object.freeze(values);
}

/** The name of an enum value passed by the bundle (an EnumValue or, leniently, its name as a string). */
export function enumName(value: unknown): string | null {
  if (typeof value === "string") return value;
  if (value && typeof value === "object" && typeof (value as EnumValue).name === "function") {
    return (value as EnumValue).name();
  }
  return null;
}
