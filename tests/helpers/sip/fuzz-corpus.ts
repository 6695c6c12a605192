// A deterministic corpus of mutated and generated SIP messages for fuzzing the parser and the live
// user agent: valid seeds (requests, responses, RFC 4475-style oddities) put through byte- and
// header-level mutations by a seeded PRNG, so every run sees the same 10,000 messages.

export type Random = { next(): number; int(max: number): number; pick<T>(items: readonly T[]): T; chance(p: number): boolean };

export function seededRandom(seed: number): Random {
  let state = seed >>> 0 || 0x9e3779b9;
  const next = () => {
    state ^= state << 13;
    state >>>= 0;
    state ^= state >>> 17;
    state ^= state << 5;
    state >>>= 0;
    return state / 0x100000000;
  };
  return { next, int: (max) => Math.floor(next() * max), pick: (items) => items[Math.floor(next() * items.length)], chance: (p) => next() < p };
}

const sdp = ["v=0", "o=- 1 1 IN IP4 127.0.0.1", "s=-", "c=IN IP4 127.0.0.1", "t=0 0", "m=audio 40000 RTP/AVP 0 8 101", "a=rtpmap:101 telephone-event/8000", "a=fmtp:101 0-16", "a=sendrecv", ""].join("\r\n");

/** Valid seed messages; `{via}` is replaced with the sender's address (so answers come back to it). */
function seeds(via: string): string[] {
  const dialog = (method: string, cseq: number) => [
    `Via: SIP/2.0/UDP ${via};rport;branch=z9hG4bK${method.toLowerCase()}${cseq}`,
    `From: "Fuzz" <sip:+15550000001@${via}>;tag=fz1`,
    `To: <sip:+15550000002@127.0.0.1>`,
    `Call-ID: fuzz-${method}-${cseq}@127.0.0.1`,
    `CSeq: ${cseq} ${method}`,
    "Max-Forwards: 70",
  ];
  const message = (start: string, headers: string[], body = "") =>
    [start, ...headers, `Content-Length: ${Buffer.byteLength(body)}`, "", body].join("\r\n");
  return [
    message("INVITE sip:+15550000002@127.0.0.1 SIP/2.0", [...dialog("INVITE", 1), `Contact: <sip:fuzz@${via}>`, "Content-Type: application/sdp", "Supported: timer", "Session-Expires: 1800"], sdp),
    message("OPTIONS sip:127.0.0.1 SIP/2.0", [...dialog("OPTIONS", 2), "Accept: application/sdp"]),
    message("BYE sip:fuzz@127.0.0.1 SIP/2.0", [...dialog("BYE", 3).map((line) => (line.startsWith("To:") ? `${line};tag=abc` : line))]),
    message("CANCEL sip:+15550000002@127.0.0.1 SIP/2.0", dialog("CANCEL", 1)),
    message("ACK sip:+15550000002@127.0.0.1 SIP/2.0", dialog("ACK", 1)),
    message("REFER sip:fuzz@127.0.0.1 SIP/2.0", [...dialog("REFER", 4), "Refer-To: <sip:+15559999999@127.0.0.1?Replaces=abc%40def>", "Referred-By: <sip:a@b>"]),
    message("NOTIFY sip:fuzz@127.0.0.1 SIP/2.0", [...dialog("NOTIFY", 5), "Event: refer;id=4", "Subscription-State: terminated;reason=noresource", "Content-Type: message/sipfrag"], "SIP/2.0 200 OK\r\n"),
    message("REGISTER sip:127.0.0.1 SIP/2.0", [...dialog("REGISTER", 6), 'Authorization: Digest username="u", realm="r", nonce="n", uri="sip:127.0.0.1", response="0123456789abcdef0123456789abcdef", qop=auth, nc=00000001, cnonce="c"', "Expires: 3600"]),
    message("INFO sip:fuzz@127.0.0.1 SIP/2.0", [...dialog("INFO", 7), "Content-Type: application/dtmf-relay"], "Signal=5\r\nDuration=160\r\n"),
    message("SIP/2.0 200 OK", [...dialog("INVITE", 1), `Contact: <sip:fuzz@${via}>`, "Record-Route: <sip:p1.example.com;lr>, <sip:p2.example.com;lr>", "Content-Type: application/sdp"], sdp),
    message("SIP/2.0 401 Unauthorized", [...dialog("INVITE", 1), 'WWW-Authenticate: Digest realm="x", nonce="abc", qop="auth,auth-int", algorithm=SHA-256, opaque="o"']),
    message("SIP/2.0 180 Ringing", dialog("INVITE", 1)),
    // compact forms, folding and odd spacing (RFC 4475 §3.1.1.1 style)
    [
      "MESSAGE sip:+15550000002@127.0.0.1 SIP/2.0",
      `v:  SIP / 2.0 / UDP ${via} ;rport; branch = z9hG4bKcompact`,
      'f: "J \\"quoted\\"" <sip:a@b>',
      "  ;tag = xyz",
      "t :sip:+15550000002@127.0.0.1",
      "i: compact@fuzz",
      "CSeq: 0009",
      " MESSAGE",
      "c: text/plain",
      "l: 5",
      "",
      "hello",
    ].join("\r\n"),
  ];
}

const junkBytes = ["\0", "\r", "\n", "\r\n", " ", "\t", ":", ";", ",", "<", ">", '"', "\\", "=", "@", "%", "\u00ff", "\u{1F600}", "\x7f", "SIP/2.0"];
const junkValues = ["", " ", "<", ">", '"', '"unterminated', "<sip:", "sip:@", "SIP/2.0/UDP", "0", "-1", "99999999999999999999", "4294967296", "abc", "a".repeat(3000), ";;;;", ",,,,", "<<<<>>>>", "%%", "\t\t", "tag=", ";branch="];
const headerNames = ["Via", "From", "To", "Call-ID", "CSeq", "Content-Length", "Max-Forwards", "Contact", "Content-Type", "Route", "Record-Route", "v", "f", "t", "i", "l", "m", "WWW-Authenticate", "Session-Expires", "Require", "X-Junk", "", " ", "Bad Name", "Nämé"];

function mutate(text: string, random: Random): string {
  const lines = text.split("\r\n");
  const blank = lines.indexOf("");
  const headerEnd = blank === -1 ? lines.length : blank;
  const line = () => 1 + random.int(headerEnd - 1);
  const kind = random.int(16);
  if (headerEnd < 2 && kind >= 5 && kind !== 9 && kind !== 12 && kind !== 15) return text + random.pick(junkBytes);
  switch (kind) {
    case 0: {
      const at = random.int(text.length);
      return text.slice(0, at) + String.fromCharCode(random.int(256)) + text.slice(at + 1);
    }
    case 1: {
      const at = random.int(text.length);
      return text.slice(0, at) + random.pick(junkBytes) + text.slice(at);
    }
    case 2: {
      const at = random.int(text.length);
      return text.slice(0, at) + text.slice(at + 1 + random.int(40));
    }
    case 3:
      return text.slice(0, random.int(text.length));
    case 4: {
      const at = random.int(text.length);
      const length = random.int(60);
      return text.slice(0, at) + text.slice(at, at + length).repeat(1 + random.int(5)) + text.slice(at);
    }
    case 5:
      lines.splice(line(), 1);
      return lines.join("\r\n");
    case 6: {
      const at = line();
      lines.splice(at, 0, lines[at]);
      return lines.join("\r\n");
    }
    case 7: {
      const at = line();
      const colon = lines[at].indexOf(":");
      lines[at] = `${lines[at].slice(0, colon + 1)} ${random.pick(junkValues)}`;
      return lines.join("\r\n");
    }
    case 8:
      lines.splice(line(), 0, `${random.pick(headerNames)}: ${random.pick(junkValues)}`);
      return lines.join("\r\n");
    case 9:
      return text.replace(/Content-Length: \d+|l: \d+/, `Content-Length: ${random.pick(["-1", "99999", "0", "abc", "1e3", " 12 ", "18446744073709551616", String(random.int(400))])}`);
    case 10:
      lines[0] = random.pick([
        "INVITE  sip:x SIP/2.0", "INVITE sip:x SIP/2.1", "INVITE sip:x", "SIP/2.0 99 Low", "SIP/2.0 700 High", "SIP/2.0 abc OK", "SIP/2.0 200",
        "INV ITE sip:x SIP/2.0", "INVITE http://x SIP/2.0", "INVITE sip: SIP/2.0", "INVITE sip:[::1 SIP/2.0", "", " ", `${random.pick(junkValues)} sip:x SIP/2.0`,
      ]);
      return lines.join("\r\n");
    case 11: {
      const at = line();
      lines[at] = ` ${lines[at]}`; // folds into the previous line (or before the first header)
      return lines.join("\r\n");
    }
    case 12:
      return random.chance(0.5) ? text.replaceAll("\r\n", "\n") : text.replaceAll("\r\n", "\r");
    case 13: {
      const extra = Array.from({ length: 50 + random.int(300) }, (_, i) => `X-H${i}: ${"v".repeat(random.int(20))}`);
      lines.splice(line(), 0, ...extra);
      return lines.join("\r\n");
    }
    case 14: {
      const at = line();
      lines[at] = lines[at].replace(/[<>";=@]/g, () => random.pick(["<", ">", '"', ";", "=", "@", "", "<<", '""']));
      return lines.join("\r\n");
    }
    default: {
      const body = lines.indexOf("");
      if (body === -1) return text + "\r\n\r\n";
      lines.splice(body + 1, lines.length, Array.from({ length: random.int(200) }, () => String.fromCharCode(random.int(256))).join(""));
      return lines.join("\r\n");
    }
  }
}

function generated(random: Random, via: string): string {
  const method = random.pick(["INVITE", "OPTIONS", "BYE", "FOO", "ACK", "CANCEL", "REGISTER", "SIP/2.0"]);
  const headers = Array.from({ length: random.int(12) }, () => `${random.pick(headerNames)}: ${random.pick([...junkValues, `SIP/2.0/UDP ${via};branch=z9hG4bK${random.int(1e6)}`, "<sip:a@b>;tag=1", `${random.int(1e4)} ${method}`])}`);
  return [`${method} sip:${random.pick(["x@127.0.0.1", "127.0.0.1", "+1555@[::1]", "@", ""])} SIP/2.0`, ...headers, "", random.chance(0.3) ? "body" : ""].join("\r\n");
}

/** `count` messages (default 10,000) from `seed`; `via` is the sender's host:port for Via/Contact. */
export function fuzzCorpus(options: { count?: number; seed?: number; via?: string } = {}): Buffer[] {
  const random = seededRandom(options.seed ?? 20_260_315);
  const base = seeds(options.via ?? "127.0.0.1:5099");
  const corpus: Buffer[] = [];
  for (let i = 0; i < (options.count ?? 10_000); i++) {
    let text: string;
    if (i < base.length) text = base[i];
    else if (random.chance(0.1)) text = generated(random, options.via ?? "127.0.0.1:5099");
    else {
      text = random.pick(base);
      const rounds = 1 + random.int(4);
      for (let round = 0; round < rounds; round++) text = mutate(text, random);
    }
    corpus.push(Buffer.from(text, random.chance(0.05) ? "latin1" : "utf8").subarray(0, 60_000));
  }
  return corpus;
}
