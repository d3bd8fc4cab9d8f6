// Encrypting an incremental update the way its template is encrypted (PDF 7.6): the same
// /Encrypt dictionary and /ID, the file key the template's empty user password opens, and every
// string and stream of the written objects encrypted with their own object key. Only the
// standard security handler, whose one crypt filter serves strings and streams alike, and
// nothing this code cannot reproduce exactly: anything else keeps the full rewrite.
import { createCipheriv, randomBytes, type Cipheriv } from 'node:crypto';
import {
  PDFArray,
  PDFBool,
  PDFContext,
  PDFDict,
  PDFHexString,
  PDFName,
  PDFNumber,
  PDFRawStream,
  PDFStream,
  PDFString,
  type PDFObject,
  type PDFRef,
} from '@cantoo/pdf-lib';
import type { XrefBase } from './pdf-xref.ts';

/** Encrypts one object for writing at `ref`; returns a copy, never changes `object`. */
export type ObjectEncryption = (ref: PDFRef, object: PDFObject) => PDFObject;

type Method = 'rc4' | 'aesv2' | 'aesv3';

// The key derivation pdf-lib decrypted the template with (its PDF.js port), which its package
// does not export: loaded from the same ES build, so its PDFName instances are ours.
type CipherFactory = {
  readonly encryptionKey: Uint8Array;
  buildObjectKey(num: number, gen: number, key: Uint8Array, isAes?: boolean): Uint8Array;
  createCipherTransform(num: number, gen: number): { encryptString(s: string): string };
};
type CipherFactoryClass = new (
  dict: PDFDict,
  fileId: Uint8Array,
  password?: string,
) => CipherFactory;

let factoryClass: Promise<CipherFactoryClass> | undefined;

function loadFactoryClass(): Promise<CipherFactoryClass> {
  factoryClass ??= import(
    new URL('./core/crypto.js', import.meta.resolve('@cantoo/pdf-lib')).href
  ).then((module: { CipherTransformFactory: CipherFactoryClass }) => module.CipherTransformFactory);
  return factoryClass;
}

const name = (value: string) => PDFName.of(value);
const numberOf = (dict: PDFDict, key: string) => {
  const value = dict.get(name(key));
  return value instanceof PDFNumber ? value.asNumber() : undefined;
};

/**
 * The method of an encryption dictionary whose handler this writes exactly (ISO 32000-2, 7.6.4
 * and 7.6.5): /Standard; V 1–2 (RC4), or V 4–5 with /StmF and /StrF both naming the one direct
 * StdCF filter (V2, AESV2, AESV3). Identity filters, other crypt filters, public-key handlers
 * and inconsistent entries give null.
 */
function methodOf(dict: PDFDict): Method | null {
  const v = numberOf(dict, 'V');
  const r = numberOf(dict, 'R');
  if (dict.get(name('Filter')) !== name('Standard') || dict.has(name('SubFilter'))) {
    return null;
  }
  if (v === 1 || v === 2) {
    return r === 2 || r === 3 ? 'rc4' : null;
  }
  const cf = dict.get(name('CF'));
  const stdCf = cf instanceof PDFDict ? cf.get(name('StdCF')) : undefined;
  if (
    (v !== 4 && v !== 5) ||
    dict.get(name('StmF')) !== name('StdCF') ||
    dict.get(name('StrF')) !== name('StdCF') ||
    !(stdCf instanceof PDFDict) ||
    (cf instanceof PDFDict && cf.keys().length !== 1)
  ) {
    return null;
  }
  const event = stdCf.get(name('AuthEvent'));
  if (event !== undefined && event !== name('DocOpen')) {
    return null;
  }
  const cfm = stdCf.get(name('CFM'));
  if (v === 4 && r === 4) {
    return cfm === name('V2') ? 'rc4' : cfm === name('AESV2') ? 'aesv2' : null;
  }
  return v === 5 && (r === 5 || r === 6) && cfm === name('AESV3') ? 'aesv3' : null;
}

const scratch = PDFContext.create();

let ivPool = randomBytes(4096);
let ivAt = 0;

/** 16 random bytes for an IV, drawn from a pool (one getrandom call per 256 IVs). */
function nextIv(): Buffer {
  if (ivAt + 16 > ivPool.byteLength) {
    ivPool = randomBytes(4096);
    ivAt = 0;
  }
  ivAt += 16;
  return ivPool.subarray(ivAt - 16, ivAt);
}

/**
 * AES-CBC with a random IV first and PKCS#7 padding (7.6.3.2), chained here over one ECB
 * cipher that is kept for its key: a fill encrypts hundreds of short strings (a form's /Opt
 * lists, /DA, /T), and a new CBC cipher each (key schedule, KeyObject) cost ~70 µs apiece.
 */
function aesCbc(ecb: Cipheriv, data: Uint8Array): Uint8Array {
  const pad = 16 - (data.byteLength % 16);
  const length = data.byteLength + pad;
  const out = new Uint8Array(16 + length);
  out.set(nextIv(), 0);
  const block = Buffer.alloc(16);
  for (let at = 0; at < length; at += 16) {
    for (let index = 0; index < 16; index += 1) {
      const plain = at + index < data.byteLength ? (data[at + index] ?? 0) : pad;
      block[index] = plain ^ (out[at + index] ?? 0); // The previous cipher block (the IV first).
    }
    out.set(ecb.update(block), at + 16);
  }
  return out;
}

function ecbFor(key: Uint8Array): Cipheriv {
  const ecb = createCipheriv(key.byteLength === 32 ? 'aes-256-ecb' : 'aes-128-ecb', key, null);
  ecb.setAutoPadding(false);
  return ecb;
}

/**
 * An object number's cipher, and what it already encrypted. The template's strings and stream
 * contents are shared, unchanged, by every record's copy (fill-plan.ts), so the same field's
 * /Opt, /DA or /T is encrypted once per template, not once per record: its ciphertext (and IV)
 * then repeats from record to record, which with an empty user password hides nothing that the
 * encryption hid before, and each record is a complete file on its own.
 */
type ObjectCipher = {
  readonly encrypt: (data: Uint8Array) => Uint8Array;
  readonly done: WeakMap<object, PDFHexString | Uint8Array>;
};

// The object numbers an update writes repeat from record to record.
const MAX_CACHED_CIPHERS = 4096;

function encryptString(object: PDFString | PDFHexString, cipher: ObjectCipher): PDFHexString {
  const done = cipher.done.get(object);
  if (done instanceof PDFHexString) {
    return done;
  }
  const encrypted = PDFHexString.fromBytes(cipher.encrypt(object.asBytes()));
  cipher.done.set(object, encrypted);
  return encrypted;
}

function encryptContents(stream: PDFStream, cipher: ObjectCipher): Uint8Array {
  const contents = stream instanceof PDFRawStream ? stream.contents : null;
  const done = contents ? cipher.done.get(contents) : undefined;
  if (done instanceof Uint8Array) {
    return done;
  }
  const encrypted = cipher.encrypt(stream.getContents());
  if (contents) {
    cipher.done.set(contents, encrypted);
  }
  return encrypted;
}

function copyWith(object: PDFObject, cipher: ObjectCipher): PDFObject {
  if (object instanceof PDFString || object instanceof PDFHexString) {
    return encryptString(object, cipher);
  }
  if (object instanceof PDFDict) {
    const copy = PDFDict.withContext(scratch);
    for (const [key, value] of object.entries()) {
      copy.set(key, copyWith(value, cipher));
    }
    return copy;
  }
  if (object instanceof PDFArray) {
    const copy = PDFArray.withContext(scratch);
    for (const item of object.asArray()) {
      copy.push(copyWith(item, cipher));
    }
    return copy;
  }
  return object;
}

/**
 * How to encrypt the objects of an update to the file `xref` describes, opened by the empty
 * user password; null when the file is not encrypted that way or this cannot write its method
 * exactly. `bytes` are the file's: a stream whose own /Filter is /Crypt takes the full rewrite.
 */
export async function updateEncryption(
  bytes: Uint8Array,
  xref: XrefBase,
): Promise<ObjectEncryption | null> {
  const fileId = xref.id?.get(0);
  const dict = xref.encrypt?.dict;
  const method = dict ? methodOf(dict) : null;
  if (!dict || !method || !(fileId instanceof PDFHexString || fileId instanceof PDFString)) {
    return null;
  }
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');
  if (/\/Crypt(?![A-Za-z])/.test(text)) {
    return null;
  }
  let factory: CipherFactory;
  try {
    // An empty password: the key must open the file as its user (checked against /U).
    factory = new (await loadFactoryClass())(dict, fileId.asBytes(), '');
  } catch {
    return null;
  }
  const clearMetadata = dict.get(name('EncryptMetadata')) === PDFBool.False;
  const fileKey = factory.encryptionKey;
  const fileEcb = method === 'aesv3' ? ecbFor(fileKey) : null;
  const encryptFor = (ref: PDFRef): ((data: Uint8Array) => Uint8Array) => {
    const { objectNumber: num, generationNumber: gen } = ref;
    if (fileEcb) {
      return (data) => aesCbc(fileEcb, data);
    }
    if (method === 'aesv2') {
      const ecb = ecbFor(factory.buildObjectKey(num, gen, fileKey, true));
      return (data) => aesCbc(ecb, data);
    }
    // One object key; each string and stream starts the RC4 stream afresh (encryptString).
    const transform = factory.createCipherTransform(num, gen);
    return (data) =>
      Buffer.from(transform.encryptString(Buffer.from(data).toString('latin1')), 'latin1');
  };
  const ciphers = new Map<PDFRef, ObjectCipher>();
  const cipherFor = (ref: PDFRef): ObjectCipher => {
    let cipher = ciphers.get(ref);
    if (!cipher) {
      if (ciphers.size >= MAX_CACHED_CIPHERS) {
        ciphers.clear();
      }
      cipher = { encrypt: encryptFor(ref), done: new WeakMap() };
      ciphers.set(ref, cipher);
    }
    return cipher;
  };
  return (ref, object) => {
    const cipher = cipherFor(ref);
    if (!(object instanceof PDFStream)) {
      return copyWith(object, cipher);
    }
    const type = object.dict.get(name('Type'));
    // Cross-reference streams are never encrypted; metadata stays clear when the file says so.
    if (type === name('XRef') || (type === name('Metadata') && clearMetadata)) {
      return object;
    }
    const dict = copyWith(object.dict, cipher) as PDFDict;
    return PDFRawStream.of(dict, encryptContents(object, cipher));
  };
}
