//! The PostgreSQL test cluster, the one home of its helpers for every crate whose tests use it (this crate's, and
//! through `#[path]` those of `foureyes`, `foureyes-connect`, `change-control` and `support-desk`): its admin URL
//! (`FOUREYES_TEST_PG`), fresh databases per test, dropped with whatever is still connected when the test ends —
//! [`Database`] for one, [`Databases`] for an async test that makes several.

// Each crate's test binary uses part of this module.
#![allow(dead_code, clippy::unwrap_used, clippy::panic)]

use foureyes_store_pg::{PgOptions, PgStore};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use tokio_postgres::{Client, NoTls};

/// The admin URL of the test cluster. Unset is a failure, with the way out in the message.
pub fn admin_url() -> String {
    std::env::var("FOUREYES_TEST_PG").unwrap_or_else(|_| {
        panic!(
            "FOUREYES_TEST_PG is not set. These PostgreSQL tests need a cluster and a superuser URL, e.g. \
             FOUREYES_TEST_PG=postgres://postgres@127.0.0.1:5432/postgres. `cargo xtask test` starts a throwaway \
             cluster and sets it for you."
        )
    })
}

/// `url` pointing at database `name` instead.
pub fn url_for(url: &str, name: &str) -> String {
    let separator = if url.contains('?') { '&' } else { '?' };
    format!("{url}{separator}dbname={name}")
}

pub async fn client(url: &str) -> Client {
    let (client, connection) = tokio_postgres::connect(url, NoTls)
        .await
        .unwrap_or_else(|e| panic!("cannot connect to the test cluster ({url}): {e:?}"));
    tokio::spawn(connection);
    client
}

/// A database name no other test of any process uses.
fn fresh_name() -> String {
    static NEXT: AtomicU64 = AtomicU64::new(0);
    let nanos = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().subsec_nanos();
    format!("fe_test_{}_{nanos}_{}", std::process::id(), NEXT.fetch_add(1, Ordering::SeqCst))
}

/// Runs one SQL batch at `url` and waits for it, on a runtime and a thread of its own: from a test that is not async
/// (one that drives processes) or from inside a runtime alike.
pub fn execute_blocking(url: &str, sql: &str) {
    let (url, sql) = (url.to_string(), sql.to_string());
    let ran = std::thread::spawn(move || {
        let rt = tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap();
        rt.block_on(async {
            let (client, connection) = tokio_postgres::connect(&url, NoTls)
                .await
                .unwrap_or_else(|e| panic!("cannot connect to the test cluster ({url}): {e:?}"));
            let driver = tokio::spawn(connection);
            client.batch_execute(&sql).await.unwrap_or_else(|e| panic!("`{sql}`: {e:?}"));
            drop(client);
            let _ = driver.await;
        })
    })
    .join();
    if let Err(panic) = ran {
        std::panic::resume_unwind(panic);
    }
}

/// One fresh database, created at once and dropped (with whatever is still connected) when this is dropped.
pub struct Database {
    pub name: String,
    pub url: String,
}

impl Database {
    pub fn create() -> Database {
        let (admin, name) = (admin_url(), fresh_name());
        execute_blocking(&admin, &format!("CREATE DATABASE {name}"));
        Database { url: url_for(&admin, &name), name }
    }
}

impl Drop for Database {
    fn drop(&mut self) {
        execute_blocking(&admin_url(), &format!("DROP DATABASE IF EXISTS {} WITH (FORCE)", self.name));
    }
}

/// Databases created for one async test, dropped (with their connections) when this is dropped.
pub struct Databases {
    admin: String,
    names: Mutex<Vec<String>>,
}

impl Databases {
    pub fn new() -> Databases {
        Databases { admin: admin_url(), names: Mutex::new(Vec::new()) }
    }

    /// Creates an empty database; returns its URL.
    pub async fn create(&self) -> String {
        let name = fresh_name();
        client(&self.admin).await.batch_execute(&format!("CREATE DATABASE {name}")).await.unwrap();
        self.names.lock().unwrap().push(name.clone());
        url_for(&self.admin, &name)
    }

    /// A fresh database and a store on it.
    pub async fn store(&self) -> (String, Arc<PgStore>) {
        let url = self.create().await;
        let store = PgStore::connect(&url, PgOptions::default()).await.unwrap();
        (url, Arc::new(store))
    }
}

impl Drop for Databases {
    fn drop(&mut self) {
        let names = std::mem::take(&mut *self.names.lock().unwrap_or_else(|p| p.into_inner()));
        if names.is_empty() {
            return;
        }
        // A runtime of its own, on a thread of its own: this may run inside or outside another runtime.
        let admin = self.admin.clone();
        let dropped = std::thread::spawn(move || {
            let rt = tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap();
            rt.block_on(async {
                let c = client(&admin).await;
                for name in names {
                    c.batch_execute(&format!("DROP DATABASE IF EXISTS {name} WITH (FORCE)")).await.unwrap();
                }
            })
        })
        .join();
        if dropped.is_err() && !std::thread::panicking() {
            panic!("cannot drop the test databases");
        }
    }
}
