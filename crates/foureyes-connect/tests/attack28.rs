//! Attack 28, H3 and H4 (ADR-958, F958): a database writer with no key sets a connector secret's row back to the
//! sealed value a rotation replaced (keeping version 2, or writing version 1), or copies another store's row of the
//! same name under the same key. The AEAD binds the name and the key only, so before the fix the row opened and the
//! connector sent the old (or the other store's) credential. Now the journal's newest `secret_set` of the name
//! carries the binding of the value it stored, and any other row is refused `record_altered` (journaled, naming the
//! secret, never the value).

use foureyes_connect::secrets::{SecretError, SecretKey, Secrets, SqliteSecrets};
use foureyes_core::journal::EventKind;
use foureyes_store::{Credentials, Store};
use foureyes_store_sqlite::{SqliteOptions, SqliteStore};
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::sync::Arc;

const OLD: &str = "AAAA-old-value-1111";
const NEW: &str = "BBBB-new-value-2222";

fn key() -> SecretKey {
    SecretKey::from_hex(&"5a".repeat(32)).unwrap()
}

/// One store (its journal) and its secrets, as `serve` and `execute` hold them.
struct World {
    path: PathBuf,
    store: Arc<dyn Store>,
    sqlite: Arc<SqliteStore>,
    secrets: Secrets,
}

fn world(path: &Path) -> World {
    let sqlite = Arc::new(SqliteStore::open(path, SqliteOptions::default()).unwrap());
    let store: Arc<dyn Store> = sqlite.clone();
    let secrets = Secrets::new(key(), Arc::new(SqliteSecrets::open(path).unwrap())).with_journal(store.clone());
    World { path: path.to_path_buf(), store, sqlite, secrets }
}

/// As `foureyes secret set` does it: sealed, journaled with its binding, stored.
async fn set(w: &World, name: &str, value: &str, now: i64) {
    let rotation = w.secrets.exists(name).await.unwrap();
    let sealed = w.secrets.seal(name, value).unwrap();
    w.sqlite.journal_secret_set(name, "ann", rotation, Some(&sealed.binding()), now).await.unwrap();
    w.secrets.put(sealed, now).await.unwrap();
}

/// The row's (version, nonce, sealed) as a writer reads it.
fn row(path: &Path, name: &str) -> (i64, Vec<u8>, Vec<u8>) {
    let c = rusqlite::Connection::open(path).unwrap();
    c.query_row("SELECT version, nonce, sealed FROM connector_secrets WHERE name = ?1", [name], |r| {
        Ok((r.get(0)?, r.get(1)?, r.get(2)?))
    })
    .unwrap()
}

/// A writer with no key puts `(version, nonce, sealed)` into `name`'s row.
fn write_row(path: &Path, name: &str, (version, nonce, sealed): &(i64, Vec<u8>, Vec<u8>)) {
    let c = rusqlite::Connection::open(path).unwrap();
    let n = c
        .execute(
            "UPDATE connector_secrets SET version = ?1, nonce = ?2, sealed = ?3 WHERE name = ?4",
            rusqlite::params![version, nonce, sealed, name],
        )
        .unwrap();
    assert_eq!(n, 1);
}

async fn open(w: &World, name: &str) -> Result<String, SecretError> {
    let names: BTreeSet<String> = [name.to_string()].into();
    w.secrets.open_for_run(&names).await.map(|mut m| m.remove(name).unwrap())
}

/// The refusal is journaled `record_altered`, names the secret and holds no value.
async fn refusal_journaled(w: &World, name: &str, old: &str) {
    let events = w.store.journal(0, 1000).await.unwrap();
    let refusals: Vec<_> = events
        .iter()
        .filter(|e| e.kind == EventKind::Refused && e.data.to_string().contains("record_altered"))
        .collect();
    assert_eq!(refusals.len(), 1, "{events:?}");
    let text = refusals[0].data.to_string();
    assert!(text.contains(name), "{text}");
    assert!(!text.contains(old) && !text.contains(NEW), "{text}");
}

async fn rolled_back(new_version: Option<i64>) {
    let dir = tempfile::tempdir().unwrap();
    let w = world(&dir.path().join("fe.db"));
    set(&w, "a", OLD, 1).await;
    let v1 = row(&w.path, "a");
    set(&w, "b", "CCCC-other-3333", 2).await;
    set(&w, "a", NEW, 3).await;
    assert_eq!(open(&w, "a").await.unwrap(), NEW);
    let (v2, ..) = row(&w.path, "a");
    assert_eq!(v2, 2);
    write_row(&w.path, "a", &(new_version.unwrap_or(v2), v1.1, v1.2));
    let got = open(&w, "a").await;
    assert!(matches!(&got, Err(SecretError::Altered { name, .. }) if name == "a"), "rolled back row opened: {got:?}");
    refusal_journaled(&w, "a", OLD).await;
    // The untouched secret still opens.
    assert_eq!(open(&w, "b").await.unwrap(), "CCCC-other-3333");
}

#[tokio::test]
async fn attack28_h3_secret_rolled_back_keeping_version_2_is_refused_record_altered() {
    rolled_back(None).await;
}

#[tokio::test]
async fn attack28_h3_secret_rolled_back_to_version_1_is_refused_record_altered() {
    rolled_back(Some(1)).await;
}

#[tokio::test]
async fn attack28_h4_secret_row_copied_from_another_store_is_refused_record_altered() {
    let dir = tempfile::tempdir().unwrap();
    let main = world(&dir.path().join("fe.db"));
    let teamb = world(&dir.path().join("fe.ns-teamb.db"));
    set(&main, "tok", "MAIN-prod-token-9999", 1).await;
    set(&teamb, "tok", "TEAMB-sandbox-token-1111", 2).await;
    // Also a name the namespace never set: its row copied in from the main store.
    set(&main, "only_main", "MAIN-only-7777", 3).await;
    let copied = row(&main.path, "tok");
    write_row(&teamb.path, "tok", &copied);
    let got = open(&teamb, "tok").await;
    assert!(matches!(&got, Err(SecretError::Altered { .. })), "another store's row opened: {got:?}");
    refusal_journaled(&teamb, "tok", "MAIN-prod-token-9999").await;
    assert_eq!(open(&main, "tok").await.unwrap(), "MAIN-prod-token-9999");
    let only = row(&main.path, "only_main");
    rusqlite::Connection::open(&teamb.path)
        .unwrap()
        .execute(
            "INSERT INTO connector_secrets (name, version, key_fingerprint, nonce, sealed, updated_at_ms)
             VALUES ('only_main', ?1, ?2, ?3, ?4, 3)",
            rusqlite::params![only.0, key().fingerprint(), only.1, only.2],
        )
        .unwrap();
    assert!(matches!(open(&teamb, "only_main").await, Err(SecretError::Altered { .. })));
}

/// A secret whose newest entry was journaled before bindings (no `sealed_binding`) still opens: what such a row
/// proves is the name and the key only (ADR-958); its next rotation binds it.
#[tokio::test]
async fn attack28_secret_set_before_bindings_still_opens_until_rotated() {
    let dir = tempfile::tempdir().unwrap();
    let w = world(&dir.path().join("fe.db"));
    w.sqlite.journal_secret_set("a", "ann", false, None, 1).await.unwrap();
    let old = w.secrets.seal("a", OLD).unwrap();
    w.secrets.put(old, 1).await.unwrap();
    let v1 = row(&w.path, "a");
    assert_eq!(open(&w, "a").await.unwrap(), OLD);
    set(&w, "a", NEW, 2).await;
    assert_eq!(open(&w, "a").await.unwrap(), NEW);
    write_row(&w.path, "a", &(2, v1.1, v1.2));
    assert!(matches!(open(&w, "a").await, Err(SecretError::Altered { .. })));
}

/// H3 on PostgreSQL: the same rollback (version 2 kept) refused, and the refusal journaled there.
#[tokio::test]
async fn attack28_h3_secret_rolled_back_on_postgres_is_refused_record_altered() {
    let dbs = crate::support::Databases::new();
    let (url, pg) = dbs.store().await;
    let store: Arc<dyn Store> = pg.clone();
    let table = foureyes_connect::secrets::open_table(&url).await.unwrap();
    let secrets = Secrets::new(key(), table).with_journal(store.clone());
    let set = |value: &'static str, now: i64| {
        let (secrets, pg) = (secrets.clone(), pg.clone());
        async move {
            let rotation = secrets.exists("a").await.unwrap();
            let sealed = secrets.seal("a", value).unwrap();
            pg.journal_secret_set("a", "ann", rotation, Some(&sealed.binding()), now).await.unwrap();
            secrets.put(sealed, now).await.unwrap();
        }
    };
    let (client, connection) = tokio_postgres::connect(&url, tokio_postgres::NoTls).await.unwrap();
    tokio::spawn(connection);
    set(OLD, 1).await;
    let v1 = client.query_one("SELECT nonce, sealed FROM connector_secrets WHERE name = 'a'", &[]).await.unwrap();
    let (nonce, sealed): (Vec<u8>, Vec<u8>) = (v1.get(0), v1.get(1));
    set(NEW, 2).await;
    let names: BTreeSet<String> = ["a".to_string()].into();
    assert_eq!(secrets.open_for_run(&names).await.unwrap()["a"], NEW);
    client
        .execute("UPDATE connector_secrets SET nonce = $1, sealed = $2 WHERE name = 'a'", &[&nonce, &sealed])
        .await
        .unwrap();
    let got = secrets.open_for_run(&names).await;
    assert!(matches!(&got, Err(SecretError::Altered { .. })), "rolled back row opened on PostgreSQL: {got:?}");
    let events = store.journal(0, 1000).await.unwrap();
    assert!(events.iter().any(|e| e.kind == EventKind::Refused && e.data.to_string().contains("record_altered")));
}
