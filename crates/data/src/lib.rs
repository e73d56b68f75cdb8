//! skirmish-data: the files a level designer edits (terrain, unit kinds, AI profiles, maps,
//! scenarios, AI expectations), read with errors located as `file:line:col`, and the files
//! the program writes and reads back (saves, replays, generated battlefields).

#![deny(missing_docs)]

pub mod io;
pub mod load;
