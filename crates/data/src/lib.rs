//! skirmish-data: the files a level designer edits (terrain, unit kinds, AI profiles, maps,
//! scenarios, AI expectations), read with errors located as `file:line:col`, and the files
//! the program writes and reads back (saves, replays, generated battlefields).

// The README is the crate's front page, so its examples run as doctests.
#![doc = include_str!("../README.md")]
#![cfg_attr(docsrs, feature(doc_cfg))]
#![deny(missing_docs)]

pub mod io;
pub mod load;
