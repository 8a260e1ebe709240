;;; eglot_test.el --- eglot against cuda-access-lint --lsp -*- lexical-binding: t -*-
;;
;;   CAL_TOOL=path/to/cuda-access-lint CAL_SNIPPET=snippet.el \
;;     emacs --batch -l test/lsp/eglot_test.el FILE.cu
;;
;; Loads the README's eglot snippet (CAL_SNIPPET, as the README writes it),
;; points its server command at CAL_TOOL with `-- -DSTRIDE=2`, opens
;; FILE.cu in cuda-mode (a c++-mode derivative where the cuda-mode package
;; is not installed), and lets the snippet's hook start eglot. FILE.cu reads
;; in[STRIDE * i]: lane l at byte 8 l, 8 sectors where 4 would do. The
;; script waits for that warning in flymake, edits the buffer to in[i],
;; waits for the warning to go, shuts the server down, and exits with
;; status 0 when every check held, 1 otherwise.

(require 'eglot)
(require 'flymake)

(defvar cal-failures 0)
(defun cal-check (ok what)
  (princ (format "%s%s\n" (if ok "ok: " "FAIL: ") what))
  (unless ok (setq cal-failures (1+ cal-failures))))

(defun cal-wait (pred seconds)
  "Run timers and read the server until PRED holds or SECONDS pass."
  (let ((end (+ (float-time) seconds)) done)
    (while (and (not (setq done (funcall pred))) (< (float-time) end))
      ;; eglot reports to flymake once flymake asks: ask again and again.
      (when (bound-and-true-p flymake-mode)
        (flymake-start))
      (accept-process-output nil 0.1))
    done))

(unless (fboundp 'cuda-mode)
  (define-derived-mode cuda-mode c++-mode "CUDA"))
(load (expand-file-name (getenv "CAL_SNIPPET")) nil t)
(setq eglot-server-programs
      (mapcar (lambda (e)
                (if (eq (car e) 'cuda-mode)
                    (list 'cuda-mode (getenv "CAL_TOOL") "--lsp" "--"
                          "-DSTRIDE=2")
                  e))
              eglot-server-programs))
(cal-check (assq 'cuda-mode eglot-server-programs)
           "the snippet registers the server for cuda-mode")

(find-file (car command-line-args-left))
(setq command-line-args-left nil)
(cuda-mode)
;; eglot-ensure connects after the command that enabled the mode: in batch
;; there is no command loop, so run what it left for after the command.
(run-hooks 'post-command-hook)
(cal-check (cal-wait #'eglot-current-server 60) "eglot connected")

(defun cal-uncoalesced ()
  (seq-find (lambda (d)
              (string-match-p "8 sectors per request where 4 would do"
                              (flymake-diagnostic-text d)))
            (flymake-diagnostics)))

(cal-check (cal-wait #'cal-uncoalesced 120)
           "the uncoalesced-load warning arrives")
(let ((d (cal-uncoalesced)))
  (when d
    (save-excursion
      (goto-char (flymake-diagnostic-beg d))
      (cal-check (and (= (line-number-at-pos) 4) (= (current-column) 11))
                 "at line 4, column 12"))
    (cal-check (eq (flymake-diagnostic-type d) 'eglot-warning) "as a warning")
    (cal-check (string-match-p "cuda-uncoalesced-global"
                               (flymake-diagnostic-text d))
               "names the check")))

;; The fix, unsaved: the server analyses the buffer's text.
(goto-char (point-min))
(search-forward "in[STRIDE * i]")
(replace-match "in[i]" t t)
;; eglot sends the change from an idle timer, and batch Emacs is never
;; idle: send it now, as the timer would.
(eglot--signal-textDocument/didChange)
(cal-check (cal-wait (lambda () (not (cal-uncoalesced))) 120)
           "the warning goes after the edit")

(let ((server (eglot-current-server)))
  (when server
    (eglot-shutdown server)
    (cal-check (not (process-live-p (jsonrpc--process server)))
               "the server exits on shutdown")))

(princ (if (zerop cal-failures) "all checks passed\n"
         (format "%d check(s) failed\n" cal-failures)))
(kill-emacs (if (zerop cal-failures) 0 1))
