#!/usr/bin/env python3
# Carried into quipu from the team's tested recipe (shared/mailstack); quipu's own copy.
"""Smoke test for start.sh: SMTP (plain / STARTTLS+AUTH / implicit TLS+AUTH) in,
IMAP (plain / STARTTLS / implicit TLS) out, plus-address delivery, relay refusal.
Stdlib only. Exit code 0 = all good."""
import imaplib, os, smtplib, ssl, sys, time, uuid
from email.message import EmailMessage

env = {}
d = os.environ.get("MAILSTACK_DIR", "/tmp/mailstack")
for line in open(os.path.join(d, "env")):
    k, _, v = line.strip().partition("=")
    env[k] = v.strip('"')
DOM, PW = env["MAILSTACK_DOMAIN"], env["MAILSTACK_PASSWORD"]
hp = lambda k: (env[k].split(":")[0], int(env[k].split(":")[1]))
ctx = ssl.create_default_context(cafile=env["MAILSTACK_CA"])  # verify against our self-signed cert
ctx.check_hostname = True

def msg(to, subj, frm=f"alice@{DOM}"):
    m = EmailMessage()
    m["From"], m["To"], m["Subject"] = frm, to, subj
    m["Message-ID"] = f"<{uuid.uuid4()}@{DOM}>"
    m.set_content("move e2e4\n\n> quoted board\n")
    m.add_alternative("<p>move <b>e2e4</b></p>", subtype="html")
    return m

tag = uuid.uuid4().hex[:8]
t0 = time.time()
# 1. plain SMTP from loopback, no auth (mynetworks), to base + plus address
with smtplib.SMTP(*hp("MAILSTACK_SMTP"), local_hostname="client.test") as s:
    s.send_message(msg(f"play@{DOM}", f"plain {tag}"))
    s.send_message(msg(f"play+token123@{DOM}", f"plus {tag}"))
    s.send_message(msg(f"bob@{DOM}", f"to-bob {tag}"))
    # relay to the outside must be refused/bounced, never delivered
    try:
        r = s.send_message(msg("someone@gmail.com", f"outside {tag}", frm=f"play@{DOM}"))
        print("outside recipient accepted (will bounce to play):", r)
    except smtplib.SMTPRecipientsRefused as e:
        print("outside recipient refused:", e.recipients)
# 2. STARTTLS + AUTH PLAIN on the same port
with smtplib.SMTP(*hp("MAILSTACK_SMTP"), local_hostname="client.test") as s:
    s.starttls(context=ssl.create_default_context(cafile=env["MAILSTACK_CA"]))
    s.login(f"play@{DOM}", PW)
    s.send_message(msg(f"play@{DOM}", f"starttls {tag}"))
# 3. implicit TLS (submissions) + AUTH
host, port = hp("MAILSTACK_SMTPS")
with smtplib.SMTP_SSL("localhost", port, context=ctx, local_hostname="client.test") as s:
    s.login(f"alice@{DOM}", PW)
    s.send_message(msg(f"play@{DOM}", f"smtps {tag}"))

def wait_for(imap, subjects, timeout=15):
    deadline = time.time() + timeout
    while time.time() < deadline:
        imap.select("INBOX")
        found = {}
        for sub in subjects:
            typ, data = imap.search(None, "SUBJECT", f'"{sub}"')
            if data[0]:
                found[sub] = data[0].split()
        if len(found) == len(subjects):
            return found
        time.sleep(0.2)
    raise SystemExit(f"FAIL: timed out waiting for {set(subjects) - set(found)}")

subs = [f"plain {tag}", f"plus {tag}", f"starttls {tag}", f"smtps {tag}"]
# 4. IMAP plain + LOGIN
im = imaplib.IMAP4(*hp("MAILSTACK_IMAP"))
im.login(f"play@{DOM}", PW)
found = wait_for(im, subs)
t1 = time.time()
typ, data = im.fetch(found[f"plus {tag}"][0], "(RFC822)")
raw = data[0][1].decode()
assert f"play+token123@{DOM}" in raw, raw
dt = [l for l in raw.splitlines() if l.lower().startswith(("delivered-to", "return-path", "received:"))]
print("plus-address message headers:", dt[:4])
print("capabilities:", im.capabilities)
im.logout()
# 5. IMAP STARTTLS and IMAPS
im = imaplib.IMAP4(*hp("MAILSTACK_IMAP")); im.starttls(ssl.create_default_context(cafile=env["MAILSTACK_CA"]))
im.login(f"bob@{DOM}", PW); wait_for(im, [f"to-bob {tag}"]); im.logout()
im = imaplib.IMAP4_SSL("localhost", hp("MAILSTACK_IMAPS")[1], ssl_context=ctx)
im.login(f"play@{DOM}", PW); im.select("INBOX"); print("play INBOX count:", im.select("INBOX")[1]); im.logout()
# 6. AUTH with a wrong password must fail
try:
    # Dovecot's auth penalty is per client IP and also delays the *next successful* AUTH from
    # that IP by seconds: send negative-auth tests from another loopback address.
    with smtplib.SMTP(*hp("MAILSTACK_SMTP"), source_address=("127.0.0.2", 0)) as s:
        s.login(f"play@{DOM}", "wrong")
    print("FAIL: wrong password accepted"); sys.exit(1)
except smtplib.SMTPAuthenticationError:
    pass
t2 = time.time()
try:
    im = imaplib.IMAP4(*hp("MAILSTACK_IMAP"))
    im.login(f"play@{DOM}", "wrong")
    print("FAIL: wrong IMAP password accepted"); sys.exit(1)
except imaplib.IMAP4.error:
    pass
print(f"negative auth checks took {time.time() - t2:.2f}s")
print(f"OK: SMTP->IMAP delivery of {len(subs)} messages took {t1 - t0:.2f}s")
