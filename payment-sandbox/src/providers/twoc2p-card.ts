/**
 * 2C2P's card encryption in the sandbox: the key pair, encrypting a card as the browser does,
 * reading it back on the provider's side, and the stand-in of the `my2c2p` script.
 */
import { constants, generateKeyPairSync, privateDecrypt, publicEncrypt, type KeyObject } from 'node:crypto';

/**
 * The sandbox's card key pair, made once per process: the public half is published (in the
 * my2c2p stand-in and at /SecurePayment/api/public-key.pem), the private half never leaves
 * the sandbox. As with 2C2P's own script, the browser encrypts the card with the provider's
 * public key, so the shop in between holds a blob only the provider can read.
 */
let cardKeys: { publicKey: KeyObject; privateKey: KeyObject; spkiBase64: string; pem: string } | undefined;
export function sandboxCardKeys() {
  if (!cardKeys) {
    const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    cardKeys = {
      publicKey,
      privateKey,
      spkiBase64: publicKey.export({ type: 'spki', format: 'der' }).toString('base64'),
      pem: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
    };
  }
  return cardKeys;
}

/** The public key the sandbox's card encryption uses (PEM, SPKI). */
export function sandboxCardPublicKey(): string {
  return sandboxCardKeys().pem;
}

type Card = { number: string; month: string; year: string; cvv: string };

/**
 * The card as the my2c2p stand-in encrypts it: `SBX2.` + base64 of RSA-OAEP (SHA-256) over
 * the card's JSON, with the sandbox's public key (or `publicKeyPem`, a sandbox running in
 * another process, as published at /SecurePayment/api/public-key.pem).
 */
export function sandboxEncryptCard(card: Card, publicKeyPem?: string): string {
  const plain = Buffer.from(JSON.stringify({ pan: card.number, month: card.month, year: card.year, cvv: card.cvv }), 'utf8');
  const key = publicKeyPem ?? sandboxCardKeys().publicKey;
  return `SBX2.${publicEncrypt({ key, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, plain).toString('base64')}`;
}

/** The card number of a blob the my2c2p stand-in encrypted; null for anything else or a card that does not read. */
export function readCard(encCardData: string): { pan: string } | null {
  if (!encCardData.startsWith('SBX2.')) return null;
  try {
    const plain = privateDecrypt({ key: sandboxCardKeys().privateKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, Buffer.from(encCardData.slice(5), 'base64'));
    const card = JSON.parse(plain.toString('utf8')) as { pan?: string; month?: string; year?: string; cvv?: string };
    const valid = /^\d{12,19}$/.test(card.pan ?? '') && /^(0?[1-9]|1[0-2])$/.test(card.month ?? '') && /^\d{4}$/.test(card.year ?? '') && /^\d{3,4}$/.test(card.cvv ?? '');
    return valid ? { pan: card.pan as string } : null;
  } catch {
    return null;
  }
}

/**
 * Stand-in for 2C2P's `my2c2p.*.js`: reads the inputs marked `data-encrypt`
 * (cardnumber, month, year, cvv) and adds the hidden fields encryptedCardInfo,
 * maskedCardInfo, expMonthCardInfo and expYearCardInfo, as the real script does.
 * encryptedCardInfo is the card encrypted in the browser with the sandbox's public key
 * (WebCrypto RSA-OAEP, SHA-256), which the script carries as 2C2P's carries its own:
 * nothing readable leaves the page. The card inputs have no `name`, so the card number
 * itself is never posted. WebCrypto needs a secure context (https, or localhost).
 */
export const my2c2pScript = (spkiBase64: string) => `(function () {
  var PUBLIC_KEY = '${spkiBase64}';
  function value(form, kind) {
    var input = form.querySelector('[data-encrypt="' + kind + '"]');
    return input ? String(input.value).replace(/\\s+/g, '') : '';
  }
  function bytesOf(base64) {
    var text = atob(base64), bytes = new Uint8Array(text.length);
    for (var i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
    return bytes;
  }
  function base64Of(buffer) {
    var bytes = new Uint8Array(buffer), text = '';
    for (var i = 0; i < bytes.length; i++) text += String.fromCharCode(bytes[i]);
    return btoa(text);
  }
  function encrypt(form) {
    var pan = value(form, 'cardnumber'), month = value(form, 'month'), year = value(form, 'year'), cvv = value(form, 'cvv');
    if (!/^\\d{12,19}$/.test(pan)) return Promise.resolve({ error: [1, 'Invalid card number'] });
    if (!/^(0?[1-9]|1[0-2])$/.test(month)) return Promise.resolve({ error: [2, 'Invalid expiry month'] });
    if (!/^\\d{4}$/.test(year)) return Promise.resolve({ error: [3, 'Invalid expiry year'] });
    if (!/^\\d{3,4}$/.test(cvv)) return Promise.resolve({ error: [4, 'Invalid CVV'] });
    var subtle = typeof crypto !== 'undefined' && crypto.subtle;
    if (!subtle) return Promise.resolve({ error: [5, 'Card encryption needs a secure page (https)'] });
    var plain = new TextEncoder().encode(JSON.stringify({ pan: pan, month: month, year: year, cvv: cvv }));
    return subtle
      .importKey('spki', bytesOf(PUBLIC_KEY), { name: 'RSA-OAEP', hash: 'SHA-256' }, false, ['encrypt'])
      .then(function (key) { return subtle.encrypt({ name: 'RSA-OAEP' }, key, plain); })
      .then(function (sealed) {
        return {
          data: {
            encryptedCardInfo: 'SBX2.' + base64Of(sealed),
            maskedCardInfo: pan.slice(0, 6) + 'XXXXXX' + pan.slice(-4),
            expMonthCardInfo: month.length === 1 ? '0' + month : month,
            expYearCardInfo: year
          }
        };
      }, function () { return { error: [6, 'Card encryption failed'] }; });
  }
  function fill(form, data) {
    Object.keys(data).forEach(function (name) {
      var input = form.querySelector('input[name="' + name + '"]');
      if (!input) {
        input = document.createElement('input');
        input.type = 'hidden';
        input.name = name;
        form.appendChild(input);
      }
      input.value = data[name];
    });
  }
  window.My2c2p = {
    getEncrypted: function (formId, callback) {
      encrypt(document.getElementById(formId)).then(function (result) {
        if (result.error) callback(null, result.error[0], result.error[1]);
        else callback(result.data, 0, '');
      });
    },
    onSubmitForm: function (formId, callback) {
      var form = document.getElementById(formId);
      form.addEventListener('submit', function (event) {
        event.preventDefault();
        encrypt(form).then(function (result) {
          if (result.error) { callback(result.error[0], result.error[1]); return; }
          fill(form, result.data);
          callback(0, '');
          form.submit();
        });
      });
    },
    submitForm: function (formId, callback) {
      var form = document.getElementById(formId);
      encrypt(form).then(function (result) {
        if (result.error) { callback(result.error[0], result.error[1]); return; }
        fill(form, result.data);
        form.submit();
      });
    }
  };
})();
`;
