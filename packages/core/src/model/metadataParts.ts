// The small shapes that several function types' metadata share (spec section 3). Type aliases,
// not interfaces, so that each stays assignable to the JsonObject of FunctionNodeData.metadata.

/** `EnvReference` of types.ts as a type alias, so that it is assignable to JsonValue. */
export type EnvRef = { env: string };

/** A secret: in plain text (`{ key }`, flagged by the rules) or an environment reference. */
export type SecretValue = { key: string } | EnvRef;

export type NameValue = { name: string; value: string };
/** A header value may be an env reference, so bearer tokens stay out of flow files. */
export type HttpHeader = { name: string; value: string | EnvRef };
export type NameDescription = { name: string; description: string };
