//! A small web back end (axum, actix-web, Rocket) whose handlers hand request data to SQL,
//! shell, file and outgoing-HTTP calls: the labelled data-flow suite of the Rust taint rules.

pub mod catalog;
pub mod cgi;
pub mod commands;
pub mod files;
pub mod models;
pub mod query_builder;
pub mod repo;
pub mod rocket_app;
pub mod shell;
pub mod sql;
pub mod ssrf;
pub mod storage;
pub mod validate;
