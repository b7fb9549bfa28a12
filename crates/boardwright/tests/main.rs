//! Invariant and snapshot tests of the generators, checked on their results
//! by code of their own, not by the code that built them.

mod universe;
