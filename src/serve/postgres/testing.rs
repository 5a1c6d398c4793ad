//! PostgreSQL for the tests: the server named by
//! `CATBOARD_TEST_POSTGRES` (`postgres://user:password@host/name`), each
//! test in a schema of its own (so tests run at once and leave nothing
//! behind). When the variable is not set, the tests that need it say so
//! once and pass without running; when it is set, a server that cannot
//! be used fails them.

use super::Postgres;
use std::io::Write;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

/// The variable naming the test server.
pub const VARIABLE: &str = "CATBOARD_TEST_POSTGRES";

/// Schemas made by this process so far: each gets its own name.
static MADE: AtomicU64 = AtomicU64::new(0);

/// Whether the skip was said already (once a process is enough).
static SAID: AtomicBool = AtomicBool::new(false);

/// A schema of one test's own on the test server, dropped with all it
/// holds when the test is done.
pub struct TestSchema {
    url: String,
    name: String,
}

impl TestSchema {
    /// A new schema named for `tag`; `None` when no test server is named
    /// (said on standard error, past the test harness's capture).
    pub fn new(tag: &str) -> Option<TestSchema> {
        let Some(url) = std::env::var(VARIABLE).ok().filter(|url| !url.is_empty()) else {
            if !SAID.swap(true, Ordering::Relaxed) {
                let _ = writeln!(
                    std::io::stderr(),
                    "the PostgreSQL store's tests are skipped: {VARIABLE} is not set (.ci/run sets it, e.g. postgres://catboard:catboard@127.0.0.1/catboard_test)"
                );
            }
            return None;
        };
        let n = MADE.fetch_add(1, Ordering::Relaxed);
        let name = format!("catboard_{tag}_{}_{n}", std::process::id());
        Some(TestSchema { url, name })
    }

    /// A store on the schema, brought to the newest version.
    pub fn store(&self) -> Postgres {
        self.open()
            .unwrap_or_else(|e| panic!("{VARIABLE} is set, but: {e}"))
    }

    /// The store on the schema as [`Postgres::open`] makes it, or why not.
    pub fn open(&self) -> Result<Postgres, String> {
        Postgres::open_in(&self.url, Some(self.name.clone()))
    }

    /// A store on the schema, nothing asked of the database yet.
    pub fn bare(&self) -> Postgres {
        Postgres::connect_to(&self.url, Some(self.name.clone()))
            .unwrap_or_else(|e| panic!("{VARIABLE} is set, but: {e}"))
    }

    /// Runs `sql` (a test's change behind the store's back) in the schema.
    pub fn run(&self, sql: &str) {
        let store = self.bare();
        store
            .attempt(async |client| Ok(client.batch_execute(sql).await?))
            .unwrap_or_else(|e| panic!("{sql}: {e:?}"));
    }
}

impl Drop for TestSchema {
    fn drop(&mut self) {
        if let Ok(store) = Postgres::connect_to(&self.url, None) {
            let drop = format!(
                "DROP SCHEMA IF EXISTS {} CASCADE",
                super::quoted_name(&self.name)
            );
            let _ = store.attempt(async |client| Ok(client.batch_execute(&drop).await?));
        }
    }
}
