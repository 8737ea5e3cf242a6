import { Slide, ToastContainer } from 'react-toastify';

/** The toast area of SPEC §8: bottom left, newest on top, 5 s. Loaded with the first toast. */
export default function Toasts() {
  return (
    <ToastContainer position="bottom-left" autoClose={5000} newestOnTop transition={Slide} theme="light" />
  );
}
