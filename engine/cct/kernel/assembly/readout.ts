// Reading a thread out once it is finished (readContexts.ts), and a context's
// chain while the kernel runs (from the `created` callback, which sees the
// running thread's globals).
import { comomentOf, meanOf } from "./covariance";
import {
  C_CAP,
  C_DIMS,
  C_N,
  T_BACKWARDS,
  T_COV,
  T_FN,
  T_MISMATCH,
  T_NCHILD,
  T_OMIT,
  T_PARENT,
  T_SIZE,
  T_STATS,
} from "./layout";
import { pFn, pParent } from "./thread";

export function contextCount(t: usize): i32 {
  return load<i32>(t, T_SIZE);
}
export function mismatches(t: usize): i32 {
  return load<i32>(t, T_MISMATCH);
}
export function backwardEvents(t: usize): i32 {
  return load<i32>(t, T_BACKWARDS);
}
export function parentPtr(t: usize): usize {
  return load<u32>(t, T_PARENT);
}
export function fnPtr(t: usize): usize {
  return load<u32>(t, T_FN);
}
export function childCountPtr(t: usize): usize {
  return load<u32>(t, T_NCHILD);
}
export function statsPtr(t: usize): usize {
  return load<u32>(t, T_STATS);
}
export function covariancePtr(t: usize): usize {
  return load<u32>(t, T_COV);
}
export function omittedPtr(t: usize): usize {
  return load<u32>(t, T_OMIT);
}
export function runningParent(c: i32): i32 {
  return load<i32>(pParent + ((<usize>c) << 2));
}
export function runningFn(c: i32): i32 {
  return load<i32>(pFn + ((<usize>c) << 2));
}
export function covN(acc: usize): f64 {
  return load<f64>(acc, C_N);
}
export function covDims(acc: usize): i32 {
  return load<i32>(acc, C_DIMS);
}
export function covCap(acc: usize): i32 {
  return load<i32>(acc, C_CAP);
}
export function covMeanPtr(acc: usize): usize {
  return meanOf(acc);
}
export function covComomentPtr(acc: usize): usize {
  return comomentOf(acc);
}
