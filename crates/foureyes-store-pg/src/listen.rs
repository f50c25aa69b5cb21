//! Change notifications across replicas: one dedicated `LISTEN foureyes_events` connection per store (`foureyes_events_<schema>` for a namespace's store, ADR-500), fanned out
//! to subscribers through a `tokio::sync::broadcast` channel of journal `seq`s.
//!
//! Every committed write notifies its new head `seq` (see [`crate::db::Tx::finish`]). A notification is a hint,
//! not the data: a subscriber re-reads the journal (or the approval it waits for) from its own cursor whenever a
//! value arrives. That makes the channel robust by construction: a lagging subscriber (`RecvError::Lagged`) or a
//! lost connection loses nothing. After every (re)connection the listener first sends the current head `seq`, so
//! a subscriber also re-reads after a gap in which notifications may have been missed.

use crate::db::describe;
use std::time::Duration;
use tokio::sync::{broadcast, mpsc};
use tokio_postgres::{AsyncMessage, NoTls};

/// Listens until the task is aborted, reconnecting with a capped backoff.
pub(crate) async fn run(config: tokio_postgres::Config, channel: String, events: broadcast::Sender<u64>) {
    let mut backoff = Duration::from_millis(100);
    loop {
        match listen_once(&config, &channel, &events).await {
            // The connection was up and then ended: reconnect soon.
            Ok(()) => {
                backoff = Duration::from_millis(100);
                tokio::time::sleep(backoff).await;
            }
            Err(_) => {
                tokio::time::sleep(backoff).await;
                backoff = (backoff * 2).min(Duration::from_secs(5));
            }
        }
    }
}

/// One connection's life: LISTEN, announce the current head, forward notifications until the connection ends.
async fn listen_once(
    config: &tokio_postgres::Config,
    channel: &str,
    events: &broadcast::Sender<u64>,
) -> Result<(), String> {
    let (client, mut connection) = config.connect(NoTls).await.map_err(|e| describe(&e))?;
    // The connection must be polled for anything to happen: a driver task forwards its notifications.
    let (notes, mut received) = mpsc::unbounded_channel();
    let driver = tokio::spawn(async move {
        while let Some(message) = std::future::poll_fn(|cx| connection.poll_message(cx)).await {
            match message {
                Ok(AsyncMessage::Notification(n)) => {
                    if notes.send(n.payload().to_string()).is_err() {
                        break;
                    }
                }
                Ok(_) => {}
                Err(_) => break,
            }
        }
    });
    let result = async {
        client
            .batch_execute(&format!("LISTEN \"{}\"", channel.replace('"', "\"\"")))
            .await
            .map_err(|e| describe(&e))?;
        let row = client.query_one("SELECT seq FROM journal_head", &[]).await.map_err(|e| describe(&e))?;
        let head: i64 = row.try_get(0).map_err(|e| describe(&e))?;
        let _ = events.send(head as u64);
        while let Some(payload) = received.recv().await {
            if let Ok(seq) = payload.parse::<u64>() {
                // No subscriber is not an error: they come and go.
                let _ = events.send(seq);
            }
        }
        Ok(())
    }
    .await;
    drop(client);
    driver.abort();
    result
}
