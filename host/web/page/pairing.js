// Pairing (docs/security.md): anyone may watch; to command the board a device enters the code the
// board's screen shows, or opens the address of its QR code, which carries the code after '#'.
// The server answers with a cookie this script cannot read (HttpOnly); the WebSocket, opened
// again, carries it, and the server says on it whether this device is paired.
function showAccess(access) {
  document.body.dataset.access = access.readOnly ? 'read-only' : access.paired ? 'paired' : 'watching';
  document.getElementById('pairing').hidden = access.paired || access.readOnly;
}
async function pairWith(code) {
  const note = document.getElementById('pairing-note');
  note.textContent = 'pairing...';
  try {
    const reply = await fetch('pair', {method: 'POST', body: code, credentials: 'same-origin'});
    if (!reply.ok) {
      note.textContent = (await reply.text()).trim();
      return;
    }
    note.textContent = '';
    document.getElementById('message').textContent = 'paired: this device now commands the board';
    if (socket) socket.close();  // reopened at once, with the cookie
  } catch (e) {
    note.textContent = 'the board did not answer: ' + e.message;
  }
}
document.getElementById('pairing').onsubmit = e => {
  e.preventDefault();
  const input = document.getElementById('pairing-code');
  pairWith(input.value.trim());
  input.value = '';
};
// The code is taken out of the address bar and the history before it is used.
const codeFromQr = /^#pair=(\d{6})$/.exec(location.hash);
if (codeFromQr) {
  history.replaceState(null, '', location.pathname);
  pairWith(codeFromQr[1]);
}
