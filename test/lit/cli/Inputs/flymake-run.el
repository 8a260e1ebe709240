;;; flymake-run.el --- the README's flymake backend in a real Emacs -*- lexical-binding: t -*-
;;
;; usage: emacs --batch -Q -l flymake-run.el README FILE...
;;
;; Loads the snippet that README marks `<!-- snippet: flymake -->', exactly
;; as written there (from a file of its own, so that its lexical-binding
;; cookie counts as it does in an init file), then visits each FILE, turns
;; on `cuda-mode' (a stand-in derived from c++-mode when the MELPA package
;; is not installed: the snippet hooks into it), and runs flymake twice in
;; a row, so that the second run cancels the first as an edit would. Prints
;; the diagnostics flymake holds for the buffer, one a line:
;;
;;   FILE:LINE:COLUMN: TYPE: MESSAGE {TEXT}
;;
;; with LINE and COLUMN (1-based, in characters) where the diagnostic's
;; region begins, TYPE flymake's (error, warning, note) and TEXT the text
;; the region covers; then how many output buffers the backend left behind.
(require 'flymake)
(require 'cl-lib)

(let* ((readme (pop command-line-args-left))
       (files command-line-args-left)
       (snippet-file (make-temp-file "cal-flymake-snippet" nil ".el")))
  (setq command-line-args-left nil)
  (with-temp-buffer
    (insert-file-contents readme)
    (unless (re-search-forward "^<!-- snippet: flymake -->\n```elisp\n" nil t)
      (error "No flymake snippet in %s" readme))
    (let ((beg (point)))
      (re-search-forward "^```$")
      (write-region beg (match-beginning 0) snippet-file nil 'silent)))
  (unwind-protect (load snippet-file nil t)
    (delete-file snippet-file))
  (unless (fboundp 'cuda-mode)
    (define-derived-mode cuda-mode c++-mode "CUDA"))
  (dolist (file files)
    (with-current-buffer (find-file-noselect file)
      (cuda-mode)
      (princ (format "%s: flymake-mode %s, backend %s\n"
                     (file-name-nondirectory file) (if flymake-mode "on" "off")
                     (if (memq 'cuda-access-lint-flymake
                               flymake-diagnostic-functions)
                         "on" "off")))
      ;; Only the README's backend: cc-mode's flymake-cc and the legacy
      ;; backend would run make here.
      (setq-local flymake-diagnostic-functions (list #'cuda-access-lint-flymake))
      (flymake-start)
      (flymake-start)
      (let ((deadline (+ (float-time) 120)))
        (while (and (not (memq 'cuda-access-lint-flymake
                               (flymake-reporting-backends)))
                    (< (float-time) deadline))
          (accept-process-output nil 0.1)))
      (unless (memq 'cuda-access-lint-flymake (flymake-reporting-backends))
        (princ "the backend did not report within 120 s\n"))
      (dolist (d (sort (flymake-diagnostics)
                       (lambda (a b) (< (flymake-diagnostic-beg a)
                                        (flymake-diagnostic-beg b)))))
        (let ((beg (flymake-diagnostic-beg d))
              (end (flymake-diagnostic-end d)))
          (save-excursion
            (goto-char beg)
            (princ (format "%s:%d:%d: %s: %s {%s}\n"
                           (file-name-nondirectory file)
                           (line-number-at-pos) (1+ (- beg (line-beginning-position)))
                           (substring (symbol-name (flymake-diagnostic-type d)) 1)
                           (flymake-diagnostic-text d)
                           (buffer-substring-no-properties beg end))))))))
  ;; The cancelled runs' sentinels.
  (accept-process-output nil 0.5)
  (princ (format "output buffers left: %d\n"
                 (cl-count-if (lambda (b) (string-prefix-p " *cuda-access-lint"
                                                            (buffer-name b)))
                              (buffer-list))))
  (kill-emacs 0))
