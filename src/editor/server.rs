//! The editor's web server: axum on a one-thread tokio runtime, bound to
//! 127.0.0.1 and ::1 only. Every request must carry the random token of the
//! page's address and come with this server's own `Host` (and `Origin`, when
//! the browser sends one), so that neither another site open in the browser
//! nor a name rebound to 127.0.0.1 can drive it. Bodies are size-limited;
//! the only files written are the one edited and its recovery copy.

use std::future::Future as _;
use std::net::{Ipv4Addr, Ipv6Addr, SocketAddr};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use axum::extract::rejection::JsonRejection;
use axum::extract::{DefaultBodyLimit, FromRequest, Request, State};
use axum::http::{Method, StatusCode, Uri, header};
use axum::middleware::{self, Next};
use axum::response::{Html, IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

use super::book_page::{self, Preview};
use super::model::Op;
use super::session::{Closed, Edited, Session};
use super::twrs::TwrsOp;
use super::{twrs_view, view};

/// The largest request body taken (a comment of a book's length fits).
pub const MAX_BODY: usize = 256 << 10;

/// Longest a "prove" search may run.
pub const MAX_PROVE_SECONDS: u64 = 60;

/// Why the server could not start.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// No port could be had.
    #[error("cannot listen on 127.0.0.1:{port}: {source}")]
    Bind {
        /// The port asked for.
        port: u16,
        /// The I/O error.
        source: std::io::Error,
    },
    /// The runtime or the random source failed.
    #[error("cannot start the editor's server: {0}")]
    Start(String),
}

impl crate::diagnostic::Explained for Error {}

/// What every handler shares: the session and what requests are checked
/// against.
pub struct Shared {
    session: Mutex<Session>,
    token: String,
    hosts: Vec<String>,
    /// The last book preview set, for the document's version it shows.
    book: tokio::sync::Mutex<Option<Arc<Preview>>>,
    /// A book preview is being set (perhaps by a request that stopped
    /// waiting for it): one at a time.
    book_running: Arc<AtomicBool>,
    /// How book previews are set and how long they may take.
    books: Books,
}

/// How the server sets book previews: the typesetting itself, and the
/// longest it waits for it. The server's own are [`Books::default`];
/// tests put a job that waits for them, or a short limit, in their place.
#[derive(Clone, Copy)]
pub struct Books {
    /// Sets a preview (off the runtime's thread).
    pub run: fn(&book_page::Job) -> Result<Preview, book_page::Error>,
    /// Longest a request waits for a preview.
    pub limit: Duration,
}

impl Default for Books {
    fn default() -> Books {
        Books {
            run: book_page::Job::run,
            limit: Duration::from_secs(book_page::MAX_SECONDS),
        }
    }
}

/// A 128-bit token from the operating system's random source, in hex.
pub fn new_token() -> Result<String, Error> {
    let mut bytes = [0u8; 16];
    getrandom::fill(&mut bytes).map_err(|e| Error::Start(format!("random source: {e}")))?;
    Ok(bytes.iter().map(|b| format!("{b:02x}")).collect())
}

/// The routes, with the checks every request passes first.
pub fn router(session: Session, token: String, port: u16) -> Router {
    routes(shared(session, token, port))
}

fn shared(session: Session, token: String, port: u16) -> Arc<Shared> {
    shared_with(session, token, port, Books::default())
}

fn shared_with(session: Session, token: String, port: u16, books: Books) -> Arc<Shared> {
    let hosts = vec![
        format!("127.0.0.1:{port}"),
        format!("localhost:{port}"),
        format!("[::1]:{port}"),
    ];
    Arc::new(Shared {
        session: Mutex::new(session),
        token,
        hosts,
        book: tokio::sync::Mutex::new(None),
        book_running: Arc::new(AtomicBool::new(false)),
        books,
    })
}

fn routes(shared: Arc<Shared>) -> Router {
    Router::new()
        .route("/", get(page))
        .route("/api/state", get(state))
        .route("/api/op", post(op))
        .route("/api/save", post(save))
        .route("/api/reload", post(reload))
        .route("/api/recover", post(recover))
        .route("/api/prove", post(prove))
        .route("/api/source", post(source))
        .route("/api/book", get(book))
        .route("/api/book/page", get(book_page))
        .route("/api/book.pdf", get(book_pdf))
        // Added before the guard, so that only a request with the token
        // learns which addresses and methods there are.
        .fallback(not_found)
        .method_not_allowed_fallback(wrong_method)
        .layer(middleware::from_fn_with_state(shared.clone(), guard))
        .layer(DefaultBodyLimit::max(MAX_BODY))
        .with_state(shared)
}

fn refused(why: &'static str) -> Response {
    plain(StatusCode::FORBIDDEN, why.to_string())
}

/// A refusal the page shows as it stands (its banner shows the text of
/// every answer that is not a success).
fn plain(status: StatusCode, text: String) -> Response {
    (
        status,
        [(header::CONTENT_TYPE, "text/plain; charset=utf-8")],
        text,
    )
        .into_response()
}

/// An address the editor does not have; the path is not echoed back.
async fn not_found() -> Response {
    plain(
        StatusCode::NOT_FOUND,
        "refused: the editor has no page at this address (it serves / and /api/...)".into(),
    )
}

async fn wrong_method(method: Method, uri: Uri) -> Response {
    let wanted = match uri.path() {
        "/" | "/api/state" | "/api/book" | "/api/book/page" | "/api/book.pdf" => "GET",
        _ => "POST",
    };
    let mut res = plain(
        StatusCode::METHOD_NOT_ALLOWED,
        format!(
            "refused: {} is not taken at {}; it takes {wanted}",
            method.as_str(),
            uri.path()
        ),
    );
    res.headers_mut()
        .insert(header::ALLOW, header::HeaderValue::from_static(wanted));
    res
}

/// A request body read as JSON, or refused with what is wrong with it in
/// words: not JSON, not a request the editor takes, too large, or not
/// labelled JSON.
struct Body<T>(T);

impl<T: DeserializeOwned, S: Send + Sync> FromRequest<S> for Body<T> {
    type Rejection = Response;

    async fn from_request(req: Request, state: &S) -> Result<Self, Response> {
        match Json::<T>::from_request(req, state).await {
            Ok(Json(t)) => Ok(Body(t)),
            Err(e) => Err(plain(e.status(), bad_body(&e))),
        }
    }
}

fn too_large() -> String {
    format!(
        "refused: the request is larger than the editor takes ({} KiB)",
        MAX_BODY >> 10
    )
}

fn bad_body(e: &JsonRejection) -> String {
    // The inner error says where (`version: invalid value ...`, `line 1
    // column 9`), without axum's own prefix.
    let inner = std::error::Error::source(e)
        .map(ToString::to_string)
        .unwrap_or_else(|| e.body_text());
    match e {
        JsonRejection::JsonDataError(_) => {
            format!("refused: not a request the editor takes: {inner}")
        }
        // The JSON reader's own words and place (`line 1 column 33`),
        // without the path to where it stopped (`path[0][0]…: `), which
        // only repeats the text; a path has no spaces, the words do.
        JsonRejection::JsonSyntaxError(_) => {
            let words = match inner.split_once(": ") {
                Some((path, words)) if !path.contains(' ') => words,
                _ => &inner,
            };
            format!("refused: the request is not JSON: {words}")
        }
        JsonRejection::MissingJsonContentType(_) => {
            "refused: the request must be JSON (Content-Type: application/json)".into()
        }
        _ if e.status() == StatusCode::PAYLOAD_TOO_LARGE => too_large(),
        _ => format!("refused: the request's body could not be read: {inner}"),
    }
}

/// Compares without stopping at the first difference, so that timing says
/// nothing about the token.
fn same(a: &str, b: &str) -> bool {
    a.len() == b.len() && a.bytes().zip(b.bytes()).fold(0u8, |d, (x, y)| d | (x ^ y)) == 0
}

async fn guard(State(s): State<Arc<Shared>>, req: Request, next: Next) -> Response {
    let headers = req.headers();
    let host = headers
        .get(header::HOST)
        .and_then(|h| h.to_str().ok())
        .unwrap_or("");
    if !s.hosts.iter().any(|h| h.eq_ignore_ascii_case(host)) {
        return refused("refused: this server answers only to its own address (Host)");
    }
    if let Some(origin) = headers.get(header::ORIGIN) {
        let ok = origin
            .to_str()
            .ok()
            .and_then(|o| o.strip_prefix("http://"))
            .is_some_and(|o| s.hosts.iter().any(|h| h.eq_ignore_ascii_case(o)));
        if !ok {
            return refused("refused: a page of another site may not use the editor (Origin)");
        }
    }
    let query_token = req.uri().query().and_then(|q| {
        q.split('&')
            .find_map(|kv| kv.strip_prefix("t="))
            .map(str::to_string)
    });
    let header_token = headers
        .get("x-twixt-token")
        .and_then(|h| h.to_str().ok())
        .map(str::to_string);
    let given = header_token.or(query_token).unwrap_or_default();
    if !same(&given, &s.token) {
        return refused(
            "refused: the editor's address holds a token; open the address twixt edit printed",
        );
    }
    // A body declared over the limit is refused before any of it is read
    // (the limit on reading alone would wait for a body never sent).
    let declared = headers
        .get(header::CONTENT_LENGTH)
        .and_then(|h| h.to_str().ok())
        .and_then(|h| h.parse::<u64>().ok());
    if declared.is_some_and(|n| n > MAX_BODY as u64) {
        return plain(StatusCode::PAYLOAD_TOO_LARGE, too_large());
    }
    let mut res = next.run(req).await;
    // The book's PDF opens in the browser's own viewer, which a policy
    // made for the page would stop.
    let pdf = res
        .headers()
        .get(header::CONTENT_TYPE)
        .is_some_and(|t| t == "application/pdf");
    let h = res.headers_mut();
    h.insert(header::CACHE_CONTROL, "no-store".parse().unwrap());
    if !pdf {
        h.insert(
            header::CONTENT_SECURITY_POLICY,
            "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; img-src data: blob:; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
                .parse()
                .unwrap(),
        );
    }
    h.insert("x-content-type-options", "nosniff".parse().unwrap());
    h.insert(header::REFERRER_POLICY, "no-referrer".parse().unwrap());
    res
}

async fn page(State(s): State<Arc<Shared>>) -> Html<String> {
    let session = s.session.lock().unwrap_or_else(|e| e.into_inner());
    Html(super::page::html(session.path()))
}

/// What the page gets back after each request.
#[derive(Serialize)]
struct Reply {
    state: view::State,
    /// Why the request changed nothing.
    refused: Option<String>,
    /// What happened, to say on the page.
    notice: Option<String>,
    /// The file on disk changed since it was opened or saved.
    changed_on_disk: bool,
    /// A recovery copy from an earlier session is there.
    recovery: bool,
    /// The file's name.
    file: String,
    /// Lenient mode: the file's text and its syntax errors.
    lenient: Option<super::session::Draft>,
}

fn reply(session: &Session, refused: Option<String>, notice: Option<String>) -> Json<Reply> {
    Json(Reply {
        state: match &session.doc {
            Edited::Twixt(d) => view::state(d),
            Edited::Twrs(d) => twrs_view::state(d),
        },
        refused,
        notice,
        changed_on_disk: session.changed_on_disk(),
        recovery: session.found_recovery,
        file: session.path().display().to_string(),
        lenient: session.draft.clone(),
    })
}

async fn state(State(s): State<Arc<Shared>>) -> Json<Reply> {
    let session = s.session.lock().unwrap_or_else(|e| e.into_inner());
    reply(&session, None, None)
}

#[derive(Deserialize)]
struct OpRequest {
    /// The version the page showed when the author acted.
    version: u64,
    #[serde(flatten)]
    op: Op,
}

/// An edit or a step of a TWRS game.
#[derive(Deserialize)]
struct TwrsOpRequest {
    /// The version the page showed when the author acted.
    version: u64,
    #[serde(flatten)]
    op: TwrsOp,
}

/// The edits of TwixT games that a TWRS game has nothing for.
const TWIXT_ONLY: &[&str] = &[
    "swap",
    "glyph",
    "link",
    "label",
    "ghost",
    "arrow",
    "clear-marks",
    "setup-peg",
    "to-move",
    "tag",
    "diagram",
    "crop",
];

/// One edit or step, read as the game of the file takes it.
async fn op(State(s): State<Arc<Shared>>, req: Request) -> Response {
    let twrs = {
        let session = s.session.lock().unwrap_or_else(|e| e.into_inner());
        matches!(session.doc, Edited::Twrs(_))
    };
    if !twrs {
        return match Body::<OpRequest>::from_request(req, &()).await {
            Ok(Body(r)) => apply(&s, r.version, |session| match &mut session.doc {
                // In lenient mode only steps through what could be read.
                Edited::Twixt(_) if session.draft.is_some() && !r.op.is_navigation() => {
                    Some(Some(LENIENT.into()))
                }
                Edited::Twixt(d) => Some(d.apply(r.op).err().map(|e| e.0)),
                Edited::Twrs(_) => None,
            }),
            Err(res) => res,
        };
    }
    let value = match Body::<serde_json::Value>::from_request(req, &()).await {
        Ok(Body(v)) => v,
        Err(res) => return res,
    };
    if let Some(name) = value.get("op").and_then(|o| o.as_str())
        && TWIXT_ONLY.contains(&name)
    {
        return plain(
            StatusCode::UNPROCESSABLE_ENTITY,
            format!(
                "refused: `{name}` is an edit of TwixT games; a TWRS game takes play, goto, next, previous, start, end, up, down, promote, make-main, delete, comment, undo and redo"
            ),
        );
    }
    match serde_json::from_value::<TwrsOpRequest>(value) {
        Ok(r) => apply(&s, r.version, |session| match &mut session.doc {
            Edited::Twrs(d) => Some(d.apply(r.op).err().map(|e| e.0)),
            Edited::Twixt(_) => None,
        }),
        Err(e) => plain(
            StatusCode::UNPROCESSABLE_ENTITY,
            format!("refused: not a request the editor takes: {e}"),
        ),
    }
}

/// Applies an edit made on the page's `version` of the document; `edit`
/// answers `None` when the document is no longer of the game the request
/// was read for (the file reloaded from disk).
fn apply(
    s: &Shared,
    version: u64,
    edit: impl FnOnce(&mut Session) -> Option<Option<String>>,
) -> Response {
    let mut session = s.session.lock().unwrap_or_else(|e| e.into_inner());
    if version != session.doc.version() {
        return reply(
            &session,
            Some("the document changed in another tab: this page now shows it".into()),
            None,
        )
        .into_response();
    }
    let before = session.doc.version();
    let refused = match edit(&mut session) {
        Some(r) => r,
        None => Some("the file is now of another game: this page now shows it".into()),
    };
    let mut notice = None;
    if session.doc.version() != before
        && let Err(e) = session.write_recovery()
    {
        notice = Some(e.to_string());
    }
    reply(&session, refused, notice).into_response()
}

/// Why an edit is refused in lenient mode.
const LENIENT: &str = "the file has syntax errors: fix them in its text (below the board) first; what could be read is shown, to look at";

#[derive(Deserialize)]
struct SourceRequest {
    version: u64,
    text: String,
}

/// The file's text as the author fixed it, in lenient mode.
async fn source(State(s): State<Arc<Shared>>, Body(r): Body<SourceRequest>) -> Json<Reply> {
    let mut session = s.session.lock().unwrap_or_else(|e| e.into_inner());
    if r.version != session.doc.version() {
        return reply(
            &session,
            Some("the document changed in another tab: this page now shows it".into()),
            None,
        );
    }
    if session.draft.is_none() {
        return reply(
            &session,
            Some("the file has no syntax errors: it is edited on the board".into()),
            None,
        );
    }
    if let Err(e) = session.set_source(r.text) {
        return reply(&session, Some(e.to_string()), None);
    }
    let notice = match &session.draft {
        Some(d) => format!("{} syntax errors left", d.errors.len()),
        None => "no syntax errors left: the file is edited on the board".into(),
    };
    let notice = match session.write_recovery() {
        Ok(()) => notice,
        Err(e) => e.to_string(),
    };
    reply(&session, None, Some(notice))
}

#[derive(Deserialize)]
struct SaveRequest {
    #[serde(default)]
    overwrite: bool,
}

async fn save(State(s): State<Arc<Shared>>, Body(r): Body<SaveRequest>) -> Json<Reply> {
    let mut session = s.session.lock().unwrap_or_else(|e| e.into_inner());
    match session.save(r.overwrite) {
        Ok(()) => {
            let name = session.path().display().to_string();
            reply(&session, None, Some(format!("saved {name}")))
        }
        Err(e) => reply(&session, Some(e.to_string()), None),
    }
}

async fn reload(State(s): State<Arc<Shared>>) -> Json<Reply> {
    let mut session = s.session.lock().unwrap_or_else(|e| e.into_inner());
    match session.reload() {
        Ok(()) => reply(&session, None, Some("reloaded from disk".into())),
        Err(e) => reply(&session, Some(e.to_string()), None),
    }
}

async fn recover(State(s): State<Arc<Shared>>) -> Json<Reply> {
    let mut session = s.session.lock().unwrap_or_else(|e| e.into_inner());
    match session.restore_recovery() {
        Ok(()) => reply(
            &session,
            None,
            Some("the recovery copy is open: save to keep it".into()),
        ),
        Err(e) => reply(&session, Some(e.to_string()), None),
    }
}

#[derive(Deserialize)]
struct ProveRequest {
    version: u64,
    /// Most of the mover's own moves to win in.
    moves: u32,
    /// Seconds the search may take.
    seconds: u64,
}

/// Why a TWRS game is not proved.
const NO_TWRS_PROVER: &str = "refused: the prover searches TwixT games for wins; a TWRS game has none (its claims are checked by `twixt check`)";

async fn prove(State(s): State<Arc<Shared>>, Body(r): Body<ProveRequest>) -> Response {
    // The search runs off the runtime's thread, on a copy of the position.
    let job = {
        let session = s.session.lock().unwrap_or_else(|e| e.into_inner());
        if r.version != session.doc.version() {
            return reply(
                &session,
                Some("the document changed in another tab: this page now shows it".into()),
                None,
            )
            .into_response();
        }
        if session.draft.is_some() {
            return reply(&session, Some(LENIENT.into()), None).into_response();
        }
        let Some(doc) = session.doc.twixt() else {
            return plain(StatusCode::UNPROCESSABLE_ENTITY, NO_TWRS_PROVER.into());
        };
        match super::prove::job(doc, r.moves, r.seconds.min(MAX_PROVE_SECONDS)) {
            Ok(job) => job,
            Err(e) => return reply(&session, Some(e), None).into_response(),
        }
    };
    let outcome = tokio::task::spawn_blocking(move || job.run())
        .await
        .unwrap_or_else(|e| super::prove::Outcome::Undecided(format!("the search failed: {e}")));
    let mut session = s.session.lock().unwrap_or_else(|e| e.into_inner());
    if session.doc.version() != r.version {
        return reply(
            &session,
            Some("the document changed during the search: prove again".into()),
            None,
        )
        .into_response();
    }
    match outcome {
        super::prove::Outcome::Proved {
            player,
            moves,
            text,
        } => {
            let refused = match session.doc.twixt_mut() {
                Some(doc) => doc.add_wins_claim(player, moves).err().map(|e| e.0),
                None => Some("the file is now of another game: this page now shows it".into()),
            };
            let _ = session.write_recovery();
            reply(&session, refused, Some(text)).into_response()
        }
        super::prove::Outcome::Refuted(text) | super::prove::Outcome::Undecided(text) => {
            reply(&session, None, Some(text)).into_response()
        }
    }
}

/// The book preview of the document as it stands: the one set last when
/// it shows this version, else set now off the runtime's thread, within
/// [`book_page::MAX_SECONDS`].
async fn preview(s: &Shared) -> Result<Arc<Preview>, Response> {
    let job = {
        let session = s.session.lock().unwrap_or_else(|e| e.into_inner());
        book_page::job(&session).map_err(|e| book_refusal(&e))?
    };
    let mut cache = s.book.lock().await;
    if let Some(p) = cache.as_ref()
        && p.version == job.version
    {
        return Ok(p.clone());
    }
    if s.book_running.swap(true, Ordering::SeqCst) {
        return Err(plain(
            StatusCode::SERVICE_UNAVAILABLE,
            "refused: an earlier book preview is still being set; try again in a moment".into(),
        ));
    }
    let running = s.book_running.clone();
    let run = s.books.run;
    let task = tokio::task::spawn_blocking(move || {
        // Cleared however the job ends, a panic included.
        struct Done(Arc<AtomicBool>);
        impl Drop for Done {
            fn drop(&mut self) {
                self.0.store(false, Ordering::SeqCst);
            }
        }
        let _done = Done(running);
        run(&job)
    });
    let limit = s.books.limit;
    match tokio::time::timeout(limit, task).await {
        Ok(Ok(Ok(p))) => {
            let p = Arc::new(p);
            *cache = Some(p.clone());
            Ok(p)
        }
        Ok(Ok(Err(e))) => Err(book_refusal(&e)),
        Ok(Err(e)) => Err(plain(
            StatusCode::INTERNAL_SERVER_ERROR,
            format!("the book page could not be set: {e}"),
        )),
        Err(_) => Err(plain(
            StatusCode::GATEWAY_TIMEOUT,
            format!(
                "setting the book page took longer than {} s; `twixt book` sets it with a longer limit",
                limit.as_secs()
            ),
        )),
    }
}

fn book_refusal(e: &book_page::Error) -> Response {
    let status = match e {
        book_page::Error::NoTypesetter => StatusCode::NOT_IMPLEMENTED,
        book_page::Error::Twrs => StatusCode::UNPROCESSABLE_ENTITY,
        book_page::Error::Lenient => StatusCode::CONFLICT,
        book_page::Error::Book(_) => StatusCode::UNPROCESSABLE_ENTITY,
        book_page::Error::NoSuchPage { .. } => StatusCode::NOT_FOUND,
    };
    plain(status, e.to_string())
}

/// What the page is told of the book preview.
#[derive(Serialize)]
struct BookReply {
    /// The document's version it shows.
    version: u64,
    /// How many pages the game takes.
    pages: usize,
    /// What the book was set in spite of.
    warnings: Vec<String>,
}

async fn book(State(s): State<Arc<Shared>>) -> Response {
    match preview(&s).await {
        Ok(p) => Json(BookReply {
            version: p.version,
            pages: p.pages,
            warnings: p.warnings.clone(),
        })
        .into_response(),
        Err(r) => r,
    }
}

/// The page of `?n=N`, from 1, if the query names one.
fn page_asked(query: Option<&str>) -> Option<usize> {
    query
        .unwrap_or("")
        .split('&')
        .find_map(|kv| kv.strip_prefix("n="))
        .and_then(|n| n.parse::<usize>().ok())
        .filter(|&n| n >= 1)
}

async fn book_page(State(s): State<Arc<Shared>>, uri: Uri) -> Response {
    let Some(n) = page_asked(uri.query()) else {
        return plain(
            StatusCode::BAD_REQUEST,
            "refused: the book page is asked for by its number, from 1 (/api/book/page?n=1)".into(),
        );
    };
    let p = match preview(&s).await {
        Ok(p) => p,
        Err(r) => return r,
    };
    let drawn = tokio::task::spawn_blocking(move || book_page::page_png(&p, n)).await;
    match drawn {
        Ok(Ok(png)) => ([(header::CONTENT_TYPE, "image/png")], png).into_response(),
        Ok(Err(e)) => book_refusal(&e),
        Err(e) => plain(
            StatusCode::INTERNAL_SERVER_ERROR,
            format!("the page could not be drawn: {e}"),
        ),
    }
}

async fn book_pdf(State(s): State<Arc<Shared>>) -> Response {
    let p = match preview(&s).await {
        Ok(p) => p,
        Err(r) => return r,
    };
    let name = {
        let session = s.session.lock().unwrap_or_else(|e| e.into_inner());
        let stem = session
            .path()
            .file_stem()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        // Only what a header may hold plainly.
        let stem: String = stem
            .chars()
            .filter(|c| c.is_ascii_alphanumeric() || "-_.".contains(*c))
            .collect();
        format!("{}-book.pdf", if stem.is_empty() { "game" } else { &stem })
    };
    (
        [
            (header::CONTENT_TYPE, "application/pdf".to_string()),
            (
                header::CONTENT_DISPOSITION,
                format!("inline; filename=\"{name}\""),
            ),
        ],
        p.pdf.clone(),
    )
        .into_response()
}

/// Serves `session` on `port` (0: any free one) until Ctrl-C (or SIGTERM);
/// `ready` is given the page's address once the server listens. At the end
/// the session is closed: unsaved edits go to the recovery copy.
pub fn serve(session: Session, port: u16, ready: impl FnOnce(&str)) -> Result<Closed, Error> {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .map_err(|e| Error::Start(e.to_string()))?;
    runtime.block_on(async move {
        let v4 = tokio::net::TcpListener::bind(SocketAddr::from((Ipv4Addr::LOCALHOST, port)))
            .await
            .map_err(|source| Error::Bind { port, source })?;
        let port = v4
            .local_addr()
            .map_err(|e| Error::Start(e.to_string()))?
            .port();
        // ::1 too, on the same port, where the machine has it.
        let v6 = tokio::net::TcpListener::bind(SocketAddr::from((Ipv6Addr::LOCALHOST, port)))
            .await
            .ok();
        let token = new_token()?;
        let url = format!("http://127.0.0.1:{port}/?t={token}");
        let shared = shared(session, token, port);
        let app = routes(shared.clone());
        if let Some(v6) = v6 {
            let app6 = app.clone();
            tokio::spawn(async move {
                let _ = axum::serve(v6, app6).await;
            });
        }
        ready(&url);
        axum::serve(v4, app)
            .with_graceful_shutdown(stopped())
            .await
            .map_err(|e| Error::Start(e.to_string()))?;
        // Let a reply being written finish.
        tokio::time::sleep(Duration::from_millis(10)).await;
        let session = shared.session.lock().unwrap_or_else(|e| e.into_inner());
        session
            .close()
            .map_err(|e| Error::Start(format!("at exit: {e}")))
    })
}

/// Ends when the user stops the server: Ctrl-C, or SIGTERM on Unix.
async fn stopped() {
    #[cfg(unix)]
    {
        use tokio::signal::unix::{SignalKind, signal};
        if let Ok(mut term) = signal(SignalKind::terminate()) {
            let mut interrupt = std::pin::pin!(tokio::signal::ctrl_c());
            let mut terminate = std::pin::pin!(term.recv());
            std::future::poll_fn(|cx| {
                let either = interrupt.as_mut().poll(cx).is_ready()
                    || terminate.as_mut().poll(cx).is_ready();
                if either {
                    std::task::Poll::Ready(())
                } else {
                    std::task::Poll::Pending
                }
            })
            .await;
            return;
        }
    }
    let _ = tokio::signal::ctrl_c().await;
}

#[cfg(test)]
mod tests {
    //! The book preview's answers that no real typesetting can be made to
    //! give on demand: a preview still being set (503), one past the
    //! limit (504), and a build without the typesetter (501). The
    //! typesetting is replaced by a job that waits until the test lets it
    //! end, so nothing depends on how fast the machine is.

    use std::sync::Condvar;

    use super::*;

    /// Opened by the test: the held job may end.
    static GATE: (Mutex<bool>, Condvar) = (Mutex::new(false), Condvar::new());

    fn held(_: &book_page::Job) -> Result<Preview, book_page::Error> {
        let (open, opened) = &GATE;
        let mut o = open.lock().unwrap();
        while !*o {
            o = opened.wait(o).unwrap();
        }
        Err(book_page::Error::Book("the test's job ended".into()))
    }

    fn open_gate() {
        let (open, opened) = &GATE;
        *open.lock().unwrap() = true;
        opened.notify_all();
    }

    /// A server's shared state on a new (unwritten) file, with `books`.
    fn with_books(dir: &std::path::Path, books: Books) -> Arc<Shared> {
        let session = Session::open(&dir.join("new.twixt"), 1, false).unwrap();
        shared_with(session, "token".into(), 0, books)
    }

    fn runtime() -> tokio::runtime::Runtime {
        tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .unwrap()
    }

    async fn answer(r: Response) -> (StatusCode, String) {
        let status = r.status();
        let body = axum::body::to_bytes(r.into_body(), MAX_BODY).await.unwrap();
        (status, String::from_utf8(body.to_vec()).unwrap())
    }

    #[test]
    fn a_preview_past_the_limit_is_504_and_one_still_being_set_503() {
        let dir = tempfile::tempdir().unwrap();
        let books = Books {
            run: held,
            limit: Duration::from_millis(20),
        };
        let s = with_books(dir.path(), books);
        runtime().block_on(async {
            let (status, body) = answer(book(State(s.clone())).await).await;
            assert_eq!(status, StatusCode::GATEWAY_TIMEOUT, "{body}");
            assert!(
                body.starts_with("setting the book page took longer than 0 s;"),
                "{body}"
            );
            // The job goes on (a blocking thread cannot be stopped): the
            // next request is told to wait, for the page as for the PDF.
            for asked in [
                book(State(s.clone())).await,
                book_pdf(State(s.clone())).await,
            ] {
                let (status, body) = answer(asked).await;
                assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE, "{body}");
                assert_eq!(
                    body,
                    "refused: an earlier book preview is still being set; try again in a moment"
                );
            }
            open_gate();
            while s.book_running.load(Ordering::SeqCst) {
                tokio::time::sleep(Duration::from_millis(5)).await;
            }
            // Once it has ended, a preview is set again (this job's own
            // answer: the game cannot be set).
            let (status, body) = answer(book(State(s.clone())).await).await;
            assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
            assert!(body.ends_with("the test's job ended"), "{body}");
        });
        // Nothing was written.
        assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 0);
    }

    #[test]
    fn a_build_without_the_typesetter_answers_501_and_says_what_to_do() {
        let dir = tempfile::tempdir().unwrap();
        let books = Books {
            run: |job| job.run_in(false),
            ..Books::default()
        };
        let s = with_books(dir.path(), books);
        runtime().block_on(async {
            for asked in [
                book(State(s.clone())).await,
                book_pdf(State(s.clone())).await,
                book_page(State(s.clone()), Uri::from_static("/api/book/page?n=1")).await,
            ] {
                let (status, body) = answer(asked).await;
                assert_eq!(status, StatusCode::NOT_IMPLEMENTED, "{body}");
                assert!(
                    body.contains("no PDF typesetter (the `typst` feature)")
                        && body.contains("twixt book -o game.html"),
                    "{body}"
                );
            }
        });
    }
}
