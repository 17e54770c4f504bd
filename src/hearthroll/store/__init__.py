"""Files in and out: rulesets and campaigns as TOML. Imports core."""
