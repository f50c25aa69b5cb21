//! URL and host params (`type: url`): a value is canonicalised with the WHATWG URL parser of the `url` crate (IDNA
//! to punycode through `idna`, scheme and host lower-cased, default ports dropped, IPv4 written in decimal, hex or
//! shortened form read as the address it names) and only then matched against the param's `schemes`, `hosts`,
//! `ports`, `cidrs` and `opaque_hosts`. A regex over the raw text cannot survive `HTTPS://Example.COM.:443/`,
//! `https://good.com@evil.com/`, `http://0x7f.1/` or `https://xn--pypal-4ve.com/`; a parsed host can.

use std::net::IpAddr;
use url::{Host, Url};

/// A host pattern from the policy: `example.com` (that host) or `*.example.com` (any host below it, not the
/// domain itself), stored in canonical (punycode, lower-case) form.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum HostPattern {
    Exact(String),
    Suffix(String),
}

impl HostPattern {
    /// Parses a policy entry; the error says what would be accepted.
    pub fn parse(text: &str) -> Result<HostPattern, String> {
        let (wildcard, name) = match text.strip_prefix("*.") {
            Some(rest) => (true, rest),
            None => (false, text),
        };
        let host = match Host::parse(name) {
            Ok(Host::Domain(d)) => d.trim_end_matches('.').to_string(),
            Ok(_) => {
                return Err(format!("`{text}` is an IP address: list IP literals under `cidrs` (e.g. `10.0.0.0/8`)"));
            }
            Err(e) => {
                return Err(format!("`{text}` is not a host name ({e}): expected `example.com` or `*.example.com`"));
            }
        };
        if host.is_empty() || host.contains('*') {
            return Err(format!("`{text}` is not a host name: expected `example.com` or `*.example.com`"));
        }
        Ok(if wildcard { HostPattern::Suffix(host) } else { HostPattern::Exact(host) })
    }

    pub fn matches(&self, host: &str) -> bool {
        match self {
            HostPattern::Exact(h) => host == h,
            HostPattern::Suffix(s) => {
                host.len() > s.len() + 1 && host.ends_with(s.as_str()) && {
                    let cut = host.len() - s.len();
                    host.as_bytes()[cut - 1] == b'.'
                }
            }
        }
    }
}

impl std::fmt::Display for HostPattern {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            HostPattern::Exact(h) => f.write_str(h),
            HostPattern::Suffix(s) => write!(f, "*.{s}"),
        }
    }
}

/// An IP range: `10.0.0.0/8`, `2001:db8::/32`, or one address.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Cidr {
    pub network: IpAddr,
    pub prefix: u8,
}

impl Cidr {
    pub fn parse(text: &str) -> Result<Cidr, String> {
        let bad = || format!("`{text}` is not an IP range: expected e.g. `10.0.0.0/8`, `192.0.2.7` or `2001:db8::/32`");
        let (addr, prefix) = match text.split_once('/') {
            Some((a, p)) => (a, Some(p)),
            None => (text, None),
        };
        let network: IpAddr = addr.parse().map_err(|_| bad())?;
        let max = if network.is_ipv4() { 32 } else { 128 };
        let prefix = match prefix {
            None => max,
            Some(p) => p.parse::<u8>().ok().filter(|p| *p <= max).ok_or_else(bad)?,
        };
        Ok(Cidr { network, prefix })
    }

    pub fn contains(&self, ip: IpAddr) -> bool {
        let (net, addr, bits) = match (self.network, ip) {
            (IpAddr::V4(n), IpAddr::V4(a)) => (u128::from(n.to_bits()), u128::from(a.to_bits()), 32),
            (IpAddr::V6(n), IpAddr::V6(a)) => (n.to_bits(), a.to_bits(), 128),
            _ => return false,
        };
        if self.prefix == 0 {
            return true;
        }
        let shift = bits - u32::from(self.prefix);
        (net >> shift) == (addr >> shift)
    }
}

impl std::fmt::Display for Cidr {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}/{}", self.network, self.prefix)
    }
}

/// What a `type: url` param accepts.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UrlRule {
    /// Accepted schemes, lower-case (default `[https]`).
    pub schemes: Vec<String>,
    /// Accepted host names; empty: any host name.
    pub hosts: Vec<HostPattern>,
    /// Accepted ports (the scheme's default when the URL names none); empty: any.
    pub ports: Vec<u16>,
    /// Accepted IP-literal hosts; empty: none (a URL to an IP address is denied).
    pub cidrs: Vec<Cidr>,
    /// Hosts that hide the destination (shorteners, redirectors): accepted, but the action goes to a human.
    pub opaque_hosts: Vec<HostPattern>,
}

/// A URL in canonical form, and its parsed host.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CanonicalUrl {
    pub text: String,
    pub url: Url,
}

/// Canonicalises `text`: the WHATWG parse, then one trailing dot of a host name dropped (`example.com.` and
/// `example.com` are one host). `Err` says why the text is not a URL.
pub fn canonicalize(text: &str) -> Result<CanonicalUrl, String> {
    if text.chars().any(|c| c.is_control() || c.is_whitespace()) {
        return Err("contains whitespace or control characters".to_string());
    }
    let mut url = Url::parse(text).map_err(|e| e.to_string())?;
    if url.cannot_be_a_base() || url.host().is_none() {
        return Err("has no host".to_string());
    }
    if let Some(Host::Domain(d)) = url.host()
        && d.ends_with('.')
    {
        let trimmed = d.trim_end_matches('.').to_string();
        if trimmed.is_empty() {
            return Err("has an empty host".to_string());
        }
        url.set_host(Some(&trimmed)).map_err(|e| e.to_string())?;
    }
    Ok(CanonicalUrl { text: url.as_str().to_string(), url })
}

/// How a canonical URL fares against a rule.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum UrlVerdict {
    Accepted,
    /// Accepted, but the destination is hidden behind this opaque host: a human must look.
    Opaque(String),
    /// Refused, with what was wrong and what is accepted.
    Refused(String),
}

impl UrlRule {
    /// The rule that accepts exactly one origin (scheme, host, port): how a connector's allowed origins are judged
    /// by the same code as a `type: url` param. `text` is canonicalised first (`HTTPS://Example.COM.:443` names
    /// `https://example.com`); its path, if any, is not part of the origin. An IP-literal origin is its one-address
    /// `cidrs` entry, and its text is also the one `hosts` entry: no host name ever equals an IP literal (the
    /// parser reads such a name as the address), so that entry only keeps every host name out.
    pub fn origin(text: &str) -> Result<UrlRule, String> {
        let canonical = canonicalize(text).map_err(|e| format!("`{text}` is not an origin: {e}"))?;
        let u = &canonical.url;
        if u.password().is_some() || !u.username().is_empty() {
            return Err(format!("`{text}` is not an origin: it carries a user name or password"));
        }
        let port = u.port_or_known_default().ok_or_else(|| format!("`{text}` names no port"))?;
        let (hosts, cidrs) = match u.host() {
            Some(Host::Domain(d)) => (vec![HostPattern::Exact(d.to_string())], Vec::new()),
            Some(Host::Ipv4(ip)) => {
                (vec![HostPattern::Exact(ip.to_string())], vec![Cidr { network: ip.into(), prefix: 32 }])
            }
            Some(Host::Ipv6(ip)) => {
                (vec![HostPattern::Exact(format!("[{ip}]"))], vec![Cidr { network: ip.into(), prefix: 128 }])
            }
            None => return Err(format!("`{text}` has no host")),
        };
        Ok(UrlRule { schemes: vec![u.scheme().to_string()], hosts, ports: vec![port], cidrs, opaque_hosts: Vec::new() })
    }

    pub fn judge(&self, url: &CanonicalUrl) -> UrlVerdict {
        let u = &url.url;
        if !self.schemes.iter().any(|s| s == u.scheme()) {
            return UrlVerdict::Refused(format!("has scheme `{}` (accepted: {})", u.scheme(), self.schemes.join(", ")));
        }
        if !u.username().is_empty() || u.password().is_some() {
            return UrlVerdict::Refused(
                "carries a user name or password before its host (`user@host`): not accepted, it hides the real host"
                    .to_string(),
            );
        }
        if !self.ports.is_empty() {
            let port = u.port_or_known_default();
            if !port.is_some_and(|p| self.ports.contains(&p)) {
                let list: Vec<String> = self.ports.iter().map(u16::to_string).collect();
                let shown = port.map_or("none".to_string(), |p| p.to_string());
                return UrlVerdict::Refused(format!("has port {shown} (accepted: {})", list.join(", ")));
            }
        }
        match u.host() {
            Some(Host::Domain(host)) => {
                if let Some(p) = self.opaque_hosts.iter().find(|p| p.matches(host)) {
                    return UrlVerdict::Opaque(format!("{host} (opaque host `{p}`)"));
                }
                if !self.hosts.is_empty() && !self.hosts.iter().any(|p| p.matches(host)) {
                    let list: Vec<String> = self.hosts.iter().map(ToString::to_string).collect();
                    return UrlVerdict::Refused(format!("has host `{host}` (accepted: {})", list.join(", ")));
                }
                UrlVerdict::Accepted
            }
            Some(Host::Ipv4(ip)) => self.judge_ip(IpAddr::V4(ip)),
            Some(Host::Ipv6(ip)) => self.judge_ip(IpAddr::V6(ip)),
            None => UrlVerdict::Refused("has no host".to_string()),
        }
    }

    fn judge_ip(&self, ip: IpAddr) -> UrlVerdict {
        if self.cidrs.iter().any(|c| c.contains(ip)) {
            return UrlVerdict::Accepted;
        }
        if self.cidrs.is_empty() {
            return UrlVerdict::Refused(format!("has the IP address {ip} as host (no `cidrs` accept IP addresses)"));
        }
        let list: Vec<String> = self.cidrs.iter().map(ToString::to_string).collect();
        UrlVerdict::Refused(format!("has the IP address {ip} as host (accepted: {})", list.join(", ")))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn canonical_forms() {
        for (raw, canonical) in [
            ("HTTPS://Example.COM.:443/", "https://example.com/"),
            ("https://example.com:443/a/../b?x=1#f", "https://example.com/b?x=1#f"),
            ("http://3232235521/", "http://192.168.0.1/"),
            ("http://0xC0.0xA8.0.1/", "http://192.168.0.1/"),
            ("http://0x7f.1/", "http://127.0.0.1/"),
            ("https://bücher.example/", "https://xn--bcher-kva.example/"),
            ("https://[::FFFF:127.0.0.1]/", "https://[::ffff:7f00:1]/"),
        ] {
            assert_eq!(canonicalize(raw).map(|c| c.text), Ok(canonical.to_string()), "{raw}");
        }
        for bad in [
            "example.com",
            "https://",
            "https:// example.com/",
            "mailto:a@b.c",
            "https://exa mple.com/",
            "http://[::1/",
        ] {
            assert!(canonicalize(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn suffix_patterns_match_below_the_domain_only() {
        let p = HostPattern::parse("*.Example.com").unwrap();
        assert!(p.matches("a.example.com") && p.matches("a.b.example.com"));
        assert!(!p.matches("example.com") && !p.matches("badexample.com") && !p.matches("example.com.evil.org"));
        assert_eq!(HostPattern::parse("Bücher.example").unwrap(), HostPattern::Exact("xn--bcher-kva.example".into()));
        assert!(HostPattern::parse("10.0.0.1").is_err());
    }

    #[test]
    fn an_origin_rule_accepts_its_origin_in_every_spelling_and_nothing_else() {
        let judge = |rule: &UrlRule, text: &str| canonicalize(text).map(|c| rule.judge(&c) == UrlVerdict::Accepted);
        let shop = UrlRule::origin("https://Example.com").unwrap();
        for same in ["HTTPS://Example.COM.:443/", "https://example.com/a?b#c", "https://EXAMPLE.com:443"] {
            assert_eq!(judge(&shop, same), Ok(true), "{same}");
        }
        for other in [
            "http://example.com/",
            "https://example.com:8443/",
            "https://a.example.com/",
            "https://example.com.evil.org/",
            "https://example.com@evil.org/",
            "https://evil.org@example.com/",
            "https://user:pw@example.com/",
            "https://93.184.215.14/",
        ] {
            assert_eq!(judge(&shop, other), Ok(false), "{other}");
        }
        let local = UrlRule::origin("http://127.0.0.1:8080").unwrap();
        for same in ["http://2130706433:8080/x", "http://0x7f.0.0.1:8080/", "http://0x7f.1:8080/", "http://127.1:8080/"]
        {
            assert_eq!(judge(&local, same), Ok(true), "{same}");
        }
        for other in
            ["http://localhost:8080/", "http://127.0.0.2:8080/", "http://2130706433:8081/", "https://127.0.0.1:8080/"]
        {
            assert_eq!(judge(&local, other), Ok(false), "{other}");
        }
        let v6 = UrlRule::origin("http://[::1]:9000/").unwrap();
        assert_eq!(judge(&v6, "http://[0:0::1]:9000/"), Ok(true));
        assert_eq!(judge(&v6, "http://[::2]:9000/"), Ok(false));
        let idna = UrlRule::origin("https://bücher.example").unwrap();
        assert_eq!(judge(&idna, "https://xn--bcher-kva.example/"), Ok(true));
        assert_eq!(judge(&idna, "https://BÜCHER.example./"), Ok(true));
        // A look-alike (Cyrillic `а`) is another host.
        let paypal = UrlRule::origin("https://paypal.com").unwrap();
        assert_eq!(judge(&paypal, "https://p\u{0430}ypal.com/"), Ok(false));
        assert!(UrlRule::origin("https://u:p@example.com").is_err());
        assert!(UrlRule::origin("example.com").is_err());
    }

    #[test]
    fn cidrs_contain_their_addresses() {
        let c = Cidr::parse("10.0.0.0/8").unwrap();
        assert!(c.contains("10.200.1.1".parse().unwrap()));
        assert!(!c.contains("11.0.0.1".parse().unwrap()));
        assert!(!c.contains("::ffff:10.0.0.1".parse().unwrap()));
        assert!(Cidr::parse("0.0.0.0/0").unwrap().contains("8.8.8.8".parse().unwrap()));
        assert!(Cidr::parse("10.0.0.0/33").is_err());
    }
}
