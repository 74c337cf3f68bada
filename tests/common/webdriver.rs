//! A small WebDriver client for the browser tests: Debian's chromedriver
//! driving headless Chromium over the W3C protocol (JSON over HTTP).

use std::net::TcpListener;
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::{Value, json};

/// A running chromedriver and one browser session; both end on drop.
pub struct Browser {
    driver: Child,
    base: String,
    session: String,
    agent: ureq::Agent,
    _profile: tempfile::TempDir,
}

/// The browser, or `None` (saying so) when chromium or chromedriver is
/// missing outside CI. In CI (`CI` set) a missing browser fails the test:
/// `.ci/run` installs it.
pub fn browser() -> Option<Browser> {
    let found = |b: &str| {
        Command::new(b)
            .arg("--version")
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .status()
            .is_ok_and(|s| s.success())
    };
    let chromium = ["chromium", "chromium-browser", "google-chrome"]
        .into_iter()
        .find(|b| found(b));
    if !found("chromedriver") || chromium.is_none() {
        assert!(
            std::env::var_os("CI").is_none(),
            "chromium and chromedriver are needed in CI"
        );
        println!(
            "skipped: chromium or chromedriver not found (apt-get install chromium chromium-driver)"
        );
        return None;
    }
    let port = TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let driver = Command::new("chromedriver")
        .arg(format!("--port={port}"))
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("chromedriver starts");
    let agent: ureq::Agent = ureq::Agent::config_builder()
        .http_status_as_error(false)
        .timeout_global(Some(Duration::from_secs(60)))
        .build()
        .into();
    let base = format!("http://127.0.0.1:{port}");
    let deadline = Instant::now() + Duration::from_secs(20);
    loop {
        let ready = agent
            .get(format!("{base}/status"))
            .call()
            .ok()
            .and_then(|mut r| r.body_mut().read_to_string().ok())
            .is_some_and(|b| b.contains("\"ready\":true"));
        if ready {
            break;
        }
        assert!(Instant::now() < deadline, "chromedriver did not start");
        std::thread::sleep(Duration::from_millis(50));
    }
    let profile = tempfile::tempdir().unwrap();
    let which = Command::new("sh")
        .arg("-c")
        .arg(format!("command -v {}", chromium.unwrap()))
        .output()
        .unwrap();
    let binary = String::from_utf8_lossy(&which.stdout).trim().to_string();
    let caps = json!({"capabilities": {"alwaysMatch": {
        "browserName": "chrome",
        "goog:loggingPrefs": {"browser": "ALL"},
        "goog:chromeOptions": {
            "binary": binary,
            "args": ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
                     "--no-first-run", "--disable-background-networking",
                     "--disable-component-update", "--disable-sync",
                     "--disable-dev-shm-usage", "--window-size=1200,900",
                     format!("--user-data-dir={}", profile.path().display())]
        }
    }}});
    let mut b = Browser {
        driver,
        base,
        session: String::new(),
        agent,
        _profile: profile,
    };
    let v = b.post("/session", caps);
    b.session = v["sessionId"].as_str().expect("a session id").to_string();
    Some(b)
}

impl Browser {
    fn send(&self, method: &str, path: &str, body: Option<Value>) -> Value {
        let url = format!("{}{path}", self.base);
        let mut resp = match body {
            Some(b) => self
                .agent
                .post(&url)
                .header("content-type", "application/json")
                .send(b.to_string())
                .expect("chromedriver answers"),
            None if method == "DELETE" => self
                .agent
                .delete(&url)
                .call()
                .expect("chromedriver answers"),
            None => self.agent.get(&url).call().expect("chromedriver answers"),
        };
        let text = resp.body_mut().read_to_string().unwrap();
        let v: Value = serde_json::from_str(&text).unwrap_or(Value::Null);
        assert!(
            resp.status().is_success(),
            "WebDriver {method} {path}: {text}"
        );
        v["value"].clone()
    }

    fn post(&self, path: &str, body: Value) -> Value {
        self.send("POST", path, Some(body))
    }

    fn s(&self, rest: &str) -> String {
        format!("/session/{}{rest}", self.session)
    }

    /// Opens a local file (with an optional `#hash`).
    pub fn open(&self, file: &Path, hash: &str) {
        let url = format!("file://{}{hash}", file.display());
        self.post(&self.s("/url"), json!({ "url": url }));
    }

    /// Runs `script` (a function body; `arguments` holds `args`) and returns its value.
    pub fn eval(&self, script: &str, args: Value) -> Value {
        self.post(
            &self.s("/execute/sync"),
            json!({ "script": script, "args": args }),
        )
    }

    /// Runs `script` asynchronously: it ends by calling the function passed
    /// as its last argument with the value to return.
    pub fn eval_async(&self, script: &str, args: Value) -> Value {
        self.post(
            &self.s("/execute/async"),
            json!({ "script": script, "args": args }),
        )
    }

    /// Presses and releases a key (a WebDriver key code such as `\u{E014}`).
    pub fn key(&self, key: &str) {
        let actions = json!({"actions": [{"type": "key", "id": "keyboard", "actions": [
            {"type": "keyDown", "value": key}, {"type": "keyUp", "value": key}
        ]}]});
        self.post(&self.s("/actions"), actions);
    }

    /// The id of the first element matching a CSS selector.
    fn element(&self, css: &str) -> String {
        let el = self.post(
            &self.s("/element"),
            json!({"using": "css selector", "value": css}),
        );
        el.as_object()
            .and_then(|o| o.values().next())
            .and_then(Value::as_str)
            .expect("element found")
            .to_string()
    }

    /// Clicks the first element matching a CSS selector.
    pub fn click(&self, css: &str) {
        let id = self.element(css);
        self.post(&self.s(&format!("/element/{id}/click")), json!({}));
    }

    /// Makes the page's viewport `width` × `height` CSS pixels, as a phone's
    /// (`mobile`: with touch), through Chromium's device emulation.
    pub fn viewport(&self, width: u32, height: u32, mobile: bool) {
        self.post(
            &self.s("/goog/cdp/execute"),
            json!({"cmd": "Emulation.setDeviceMetricsOverride", "params": {
                "width": width, "height": height, "deviceScaleFactor": 1, "mobile": mobile
            }}),
        );
        self.post(
            &self.s("/goog/cdp/execute"),
            json!({"cmd": "Emulation.setTouchEmulationEnabled", "params": {
                "enabled": mobile, "maxTouchPoints": 1
            }}),
        );
    }

    /// Taps with a finger at (`x`, `y`) in the viewport's CSS pixels.
    pub fn tap(&self, x: f64, y: f64) {
        let actions = json!({"actions": [{"type": "pointer", "id": "finger",
        "parameters": {"pointerType": "touch"},
        "actions": [
            {"type": "pointerMove", "duration": 0, "origin": "viewport", "x": x.round() as i64, "y": y.round() as i64},
            {"type": "pointerDown", "button": 0},
            {"type": "pointerUp", "button": 0}
        ]}]});
        self.post(&self.s("/actions"), actions);
    }

    /// Drags a finger from `from` to `to` (the viewport's CSS pixels) in a
    /// fifth of a second, through a point halfway: a swipe.
    pub fn swipe(&self, from: (f64, f64), to: (f64, f64)) {
        let at = |x: f64, y: f64, ms: u64| {
            json!({"type": "pointerMove", "duration": ms, "origin": "viewport",
                   "x": x.round() as i64, "y": y.round() as i64})
        };
        let mid = ((from.0 + to.0) / 2.0, (from.1 + to.1) / 2.0);
        let actions = json!({"actions": [{"type": "pointer", "id": "finger",
        "parameters": {"pointerType": "touch"},
        "actions": [
            at(from.0, from.1, 0),
            {"type": "pointerDown", "button": 0},
            at(mid.0, mid.1, 100),
            at(to.0, to.1, 100),
            {"type": "pointerUp", "button": 0}
        ]}]});
        self.post(&self.s("/actions"), actions);
    }

    /// Clicks with the mouse at (`x`, `y`) in the viewport's CSS pixels.
    pub fn click_at(&self, x: f64, y: f64) {
        let actions = json!({"actions": [{"type": "pointer", "id": "mouse",
        "parameters": {"pointerType": "mouse"},
        "actions": [
            {"type": "pointerMove", "duration": 0, "origin": "viewport", "x": x.round() as i64, "y": y.round() as i64},
            {"type": "pointerDown", "button": 0},
            {"type": "pointerUp", "button": 0}
        ]}]});
        self.post(&self.s("/actions"), actions);
    }

    /// Types `text` into the first element matching a CSS selector.
    pub fn type_into(&self, css: &str, text: &str) {
        let id = self.element(css);
        self.post(
            &self.s(&format!("/element/{id}/value")),
            json!({ "text": text }),
        );
    }

    /// A PNG screenshot of the window.
    pub fn screenshot(&self) -> Vec<u8> {
        let v = self.send("GET", &self.s("/screenshot"), None);
        base64_decode(v.as_str().unwrap())
    }

    /// The page printed as PDF, on A4 with the browser's default margins.
    pub fn print_pdf(&self) -> Vec<u8> {
        let v = self.post(
            &self.s("/print"),
            json!({"page": {"width": 21.0, "height": 29.7}}),
        );
        base64_decode(v.as_str().expect("a PDF"))
    }

    /// Messages the page wrote to the browser console (errors included).
    pub fn console(&self) -> Vec<String> {
        let v = self.post(&self.s("/se/log"), json!({"type": "browser"}));
        v.as_array()
            .map(|a| {
                a.iter()
                    .map(|e| format!("{} {}", e["level"], e["message"]))
                    .collect()
            })
            .unwrap_or_default()
    }
}

impl Drop for Browser {
    fn drop(&mut self) {
        if !self.session.is_empty() {
            let path = format!("/session/{}", self.session);
            let _ = self.agent.delete(format!("{}{path}", self.base)).call();
        }
        let _ = self.driver.kill();
        let _ = self.driver.wait();
    }
}

fn base64_decode(s: &str) -> Vec<u8> {
    let val = |c: u8| match c {
        b'A'..=b'Z' => c - b'A',
        b'a'..=b'z' => c - b'a' + 26,
        b'0'..=b'9' => c - b'0' + 52,
        b'+' => 62,
        _ => 63,
    };
    let bytes: Vec<u8> = s
        .bytes()
        .filter(|c| *c != b'=' && !c.is_ascii_whitespace())
        .collect();
    let mut out = Vec::with_capacity(bytes.len() * 3 / 4);
    for chunk in bytes.chunks(4) {
        let mut n = 0u32;
        for (i, c) in chunk.iter().enumerate() {
            n |= u32::from(val(*c)) << (18 - 6 * i);
        }
        for i in 0..chunk.len().saturating_sub(1) {
            out.push((n >> (16 - 8 * i)) as u8);
        }
    }
    out
}
