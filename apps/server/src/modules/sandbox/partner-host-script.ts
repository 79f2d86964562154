import { createHash } from 'node:crypto';

/**
 * The host page's one script (./partner-pages.ts): the partner-bridge protocol of
 * packages/contract/src/partner-bridge.ts as a host implements it for the mini-app framed in the page. Requests
 * are taken only from that frame, of this origin; every reply goes back to it alone. It reads its settings from the
 * page's JSON block, so the script is the same bytes for every vendor and user, and the page's CSP allows it by
 * hash only.
 */
export const HOST_SCRIPT = `(function () {
  'use strict';
  var PROTOCOL = 'crust-partner/1';
  var cfg = JSON.parse(document.getElementById('host-config').textContent);
  var frame = document.getElementById('miniapp');
  var origin = window.location.origin;
  var $ = function (id) { return document.getElementById(id); };
  var user = function () { return { mobile: $('host-mobile').value.trim(), name: $('host-name').value.trim() }; };
  var showUser = function () {
    var u = user();
    $('host-user-label').textContent = u.name + ' \\u00b7 ' + u.mobile;
  };
  $('host-mobile').addEventListener('input', showUser);
  $('host-name').addEventListener('input', showUser);
  showUser();

  function call(method, url, body) {
    return fetch(url, {
      method: method,
      headers: body ? { 'content-type': 'application/json' } : {},
      body: body ? JSON.stringify(body) : undefined,
      credentials: 'same-origin'
    }).then(function (res) {
      return res.json().then(function (json) { return { ok: res.ok, body: json }; }, function () { return { ok: false, body: null }; });
    });
  }

  // one sheet at a time; each resolves with the button the user chose
  function sheet(id, choices) {
    return new Promise(function (resolve) {
      var el = $(id);
      el.hidden = false;
      var first = el.querySelector('button');
      if (first) first.focus();
      function done(choice) {
        el.hidden = true;
        Object.keys(choices).forEach(function (k) { $(k).onclick = null; });
        resolve(choice);
      }
      Object.keys(choices).forEach(function (k) { $(k).onclick = function () { done(choices[k]); }; });
    });
  }

  function consent() {
    var u = user();
    $('consent-who').textContent = u.name + ' (' + u.mobile + ')';
    return sheet('consent', { 'consent-allow': true, 'consent-deny': false });
  }

  function paySheet(order) {
    $('pay-amount').textContent = order.amountText;
    $('pay-description').textContent = order.description;
    $('pay-ref').textContent = order.orderRef;
    $('pay-go').textContent = 'Pay ' + order.amountText;
    return sheet('pay', { 'pay-go': 'pay', 'pay-decline': 'decline', 'pay-close': 'cancel' });
  }

  function exitApp() {
    $('stage').hidden = true;
    $('exited').hidden = false;
    frame.src = 'about:blank';
  }
  $('host-back').addEventListener('click', exitApp);
  $('reopen').addEventListener('click', function () {
    frame.src = cfg.entry;
    $('exited').hidden = true;
    $('stage').hidden = false;
  });

  function handle(m) {
    switch (m.method) {
      case 'hello':
        return Promise.resolve({ ok: true, result: { vendor: cfg.vendor, hostName: cfg.hostName } });
      case 'authCode':
        if (!m.params || m.params.clientId !== cfg.clientId)
          return Promise.resolve({ ok: false, error: { code: 'FAILED', message: 'This app is not registered with ' + cfg.hostName } });
        return consent().then(function (allowed) {
          if (!allowed) return { ok: false, error: { code: 'DENIED', message: 'You did not allow sharing your details' } };
          var u = user();
          return call('POST', cfg.api + '/host/codes', { clientId: m.params.clientId, mobile: u.mobile, name: u.name }).then(function (r) {
            if (!r.ok) return { ok: false, error: { code: 'FAILED', message: cfg.hostName + ' could not sign you in' } };
            return { ok: true, result: { authCode: r.body.authCode } };
          });
        });
      case 'pay': {
        var ref = m.params && typeof m.params.orderRef === 'string' ? m.params.orderRef : '';
        var url = cfg.api + '/host/orders/' + encodeURIComponent(ref);
        return call('GET', url).then(function (r) {
          if (!r.ok) return { ok: false, error: { code: 'FAILED', message: 'No such payment at ' + cfg.hostName } };
          if (r.body.paid) return { ok: true, result: { paymentId: r.body.paid.paymentId, status: 'SUCCESS' } };
          return paySheet(r.body).then(function (choice) {
            if (choice === 'cancel') return { ok: false, error: { code: 'CANCELLED', message: 'Payment cancelled' } };
            return call('POST', url + '/pay', { decision: choice }).then(function (p) {
              if (!p.ok) return { ok: false, error: { code: 'FAILED', message: cfg.hostName + ' could not take the payment' } };
              if (choice === 'decline') return { ok: false, error: { code: 'DECLINED', message: 'You declined the payment' } };
              return { ok: true, result: { paymentId: p.body.paymentId, status: p.body.status === 'captured' ? 'SUCCESS' : 'FAILED' } };
            });
          });
        });
      }
      case 'exit':
        exitApp();
        return Promise.resolve({ ok: true, result: { exited: true } });
      default:
        return Promise.resolve({ ok: false, error: { code: 'FAILED', message: 'Unknown method' } });
    }
  }

  window.addEventListener('message', function (ev) {
    if (ev.origin !== origin || ev.source !== frame.contentWindow) return;
    var m = ev.data;
    if (!m || m.bridge !== PROTOCOL || typeof m.id !== 'string' || typeof m.method !== 'string') return;
    var target = ev.source;
    handle(m).then(function (reply) {
      reply.bridge = PROTOCOL;
      reply.id = m.id;
      target.postMessage(reply, origin);
    }, function (err) {
      target.postMessage({ bridge: PROTOCOL, id: m.id, ok: false, error: { code: 'FAILED', message: String(err) } }, origin);
    });
  });
})();`;

export const HOST_SCRIPT_HASH = `'sha256-${createHash('sha256').update(HOST_SCRIPT, 'utf8').digest('base64')}'`;
