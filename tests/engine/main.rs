//! The games' rules (layer 1 of docs/architecture.md): TwixT's moves, setups,
//! supply, geometry, rule sets read from YAML, dead draws and the one-line
//! position notation. One test binary: each module below was a test file of
//! its own.

mod dead_draw_rule;
mod engine_dead_draw;
mod engine_geometry;
mod engine_moves;
mod engine_props;
mod engine_rules_yaml;
mod engine_setup;
mod engine_smoke;
mod engine_supply;
mod no_move_draws;
mod position_line;
