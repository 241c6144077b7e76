// The compatibility tables, compiled from knowledge/compat/*.yaml.
// (Filled in by the version-checks work; the classifier only passes them through.)
// biome-ignore lint/complexity/noBannedTypes: extended as the tables are added
export type CompatTables = {};
