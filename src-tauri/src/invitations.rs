//! Invitations opened from outside the app: a `briscola://` link clicked in a chat (the app is the
//! link's handler on desktop; a link opened while the app runs reaches the running app), held until
//! the web UI watches for them, then handed to it as text. The Join form reads the text as it reads
//! a pasted invitation, so a link is never trusted more than what a person pastes.
//!
//! Deliberately absent: joining by itself. A link only fills the Join form; the player still says
//! who they are and presses Join, so a link sent by a stranger cannot sit anyone anywhere.

use std::sync::{Mutex, PoisonError};

/// The scheme of an invitation link.
pub const SCHEME: &str = "briscola";

/// The longest link taken (an invitation is a few hundred characters).
pub const MAX_LINK_CHARS: usize = 2048;

/// Where opened links go: the UI's watcher; `false` once it is gone.
type Watcher = Box<dyn Fn(&str) -> bool + Send>;

/// The links opened and the UI's watcher.
#[derive(Default)]
pub struct Invitations {
    pending: Mutex<Option<String>>,
    watcher: Mutex<Option<Watcher>>,
}

impl std::fmt::Debug for Invitations {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Invitations").finish_non_exhaustive()
    }
}

/// The link among `urls` that is an invitation: the last with the app's scheme, within
/// [`MAX_LINK_CHARS`] (anything else the system passes is not ours to open).
pub fn invitation_among<'a>(urls: impl IntoIterator<Item = &'a str>) -> Option<String> {
    urls.into_iter()
        .map(str::trim)
        .filter(|url| url.chars().count() <= MAX_LINK_CHARS)
        .filter(|url| {
            url.split_once(':')
                .is_some_and(|(scheme, _)| scheme.eq_ignore_ascii_case(SCHEME))
        })
        .last()
        .map(str::to_owned)
}

impl Invitations {
    /// Links were opened: the invitation among them goes to the UI's watcher, or waits for one
    /// (a later link replaces one still waiting).
    pub fn opened<'a>(&self, urls: impl IntoIterator<Item = &'a str>) {
        let Some(link) = invitation_among(urls) else {
            return;
        };
        let watcher = self.watcher.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some(send) = watcher.as_ref()
            && send(&link)
        {
            return;
        }
        *self.pending.lock().unwrap_or_else(PoisonError::into_inner) = Some(link);
    }

    /// The UI watches for links from now on (replacing an earlier watcher); a link opened before,
    /// such as the one the app was started with, is handed over at once.
    pub fn watch(&self, send: impl Fn(&str) -> bool + Send + 'static) {
        let mut watcher = self.watcher.lock().unwrap_or_else(PoisonError::into_inner);
        let waiting = self
            .pending
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .take();
        if let Some(link) = waiting
            && !send(&link)
        {
            *self.pending.lock().unwrap_or_else(PoisonError::into_inner) = Some(link);
            return;
        }
        *watcher = Some(Box::new(send));
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use super::*;

    fn collector() -> (
        Arc<Mutex<Vec<String>>>,
        impl Fn(&str) -> bool + Send + 'static,
    ) {
        let seen = Arc::new(Mutex::new(Vec::new()));
        let into = seen.clone();
        (seen, move |link: &str| {
            into.lock().map(|mut v| v.push(link.to_owned())).is_ok()
        })
    }

    #[test]
    fn only_links_of_the_app_scheme_within_the_cap_are_invitations() {
        let link = "briscola://join?code=7KQ2M-XR4TD";
        assert_eq!(invitation_among([link]).as_deref(), Some(link));
        assert_eq!(
            invitation_among(["BRISCOLA://join?code=1", "--flag"]).as_deref(),
            Some("BRISCOLA://join?code=1")
        );
        assert_eq!(invitation_among(["https://example.org", "/tmp/x"]), None);
        assert_eq!(invitation_among(["briscolax://join"]), None);
        let long = format!("briscola://join?code={}", "A".repeat(MAX_LINK_CHARS));
        assert_eq!(invitation_among([long.as_str()]), None);
    }

    #[test]
    fn a_link_opened_before_the_ui_watches_waits_for_it_then_links_go_straight_through() {
        let invitations = Invitations::default();
        invitations.opened(["briscola://first"]);
        invitations.opened(["briscola://second"]);
        let (seen, send) = collector();
        invitations.watch(send);
        invitations.opened(["briscola://third", "not-ours"]);
        let seen = seen.lock().map(|v| v.clone()).unwrap_or_default();
        assert_eq!(seen, ["briscola://second", "briscola://third"]);
    }

    #[test]
    fn a_link_the_watcher_could_not_take_waits_for_the_next_watcher() {
        let invitations = Invitations::default();
        invitations.watch(|_| false);
        invitations.opened(["briscola://lost?"]);
        let (seen, send) = collector();
        invitations.watch(send);
        let seen = seen.lock().map(|v| v.clone()).unwrap_or_default();
        assert_eq!(seen, ["briscola://lost?"]);
    }
}
