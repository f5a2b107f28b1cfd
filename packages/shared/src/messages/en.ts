/**
 * Messages that users read and that the server sends (validation and API errors).
 * Keys are shared: zod schemas carry the key, the server renders the sentence in the
 * user's language, and the web app renders the same key through i18next.
 * Interpolation uses i18next's {{name}} syntax.
 */
export const messagesEn = {
  required: 'This field is required.',
  'email.invalid': 'Please enter a valid email address.',
  'email.taken': 'An account with this email already exists. Please log in instead.',
  'password.min': 'Password must be at least 8 characters long',
  'password.max': 'Password must be at most 128 characters long.',
  'password.mismatch': 'Passwords do not match',
  'password.common':
    'This password is one of the most common passwords and is easy to guess. Please choose another one.',
  'password.context':
    "Please choose a password that is not just your name, your email or the olympiad's name with numbers.",
  'phone.invalid': 'Please enter a Bangladeshi mobile number, such as 01712345678.',
  'name.min': 'Name must be at least 2 characters long.',
  'name.max': 'Name must be at most 100 characters long.',
  'text.tooLong': 'This text is too long.',
  'text.control':
    'This text contains an invisible control character (such as NUL). Please remove it or type the text again.',
  'token.invalid': 'This link is not valid.',
  'institution.max': 'Institution must be at most 200 characters long.',
  'location.division': 'Please choose a division from the list.',
  'location.district': 'Please choose a district of the chosen division.',
  'location.sub_district': 'Please choose a sub-district of the chosen district.',

  'class.range': 'Please choose a class from 6 to 12.',
  'registration.classNotJunior':
    'You qualified in the junior category (classes 6 to 8): please choose your class from 6 to 8. If your preliminary result is wrong, please contact the organisers.',
  'registration.classNotSenior':
    'You qualified in the senior category (classes 9 and 10): please choose class 9 or 10. If your preliminary result is wrong, please contact the organisers.',
  'registration.classNotSecondary':
    'You qualified in the secondary category (classes 11 and 12): please choose class 11 or 12. If your preliminary result is wrong, please contact the organisers.',
  'tshirt.invalid': 'Please choose a T-shirt size.',
  'pickup.invalid': 'Please choose a pick-up spot from the list, or your own transport.',
  'payment.invalid': 'Please choose bKash, Nagad or Rocket.',
  'transaction.invalid':
    'Please enter the transaction ID from your payment message (6 to 20 letters and digits).',
  'transaction.used': 'This transaction ID has already been used for a registration. Please check it.',
  'registration.exists': 'You have already registered for the final round.',
  'registration.noResult':
    'We found no Online Selection Round result for {{email}}. Only those who took the Online Selection Round may register for the Final Round, using the same e-mail as in that round.',
  'registration.notQualified':
    '{{email}} did not qualify in the Online Selection Round, so it cannot be registered for the Final Round.',
  'registration.received':
    'Your registration has been received. We will verify your payment within about 24 hours.',
  'registration.notFound': 'This registration was not found.',
  'registration.notPending': 'Only a registration that is pending verification can be approved or rejected.',
  'statement.invalid': 'The statement could not be read. The rows below need correcting.',
  'statement.columns':
    'The statement needs a header row with the columns transaction_id, amount and sender (in any order).',
  'statement.empty': 'The statement has no payment rows.',
  'competition.code': 'The code may use lower-case letters, digits and dashes (up to 40), such as ngso-2.',
  'competition.exists': 'A competition with this code already exists.',
  'competition.categories': 'Choose at least one category, each once.',
  'competition.fee': 'The fee must be a whole number of taka from 0 to 100000.',
  'awards.order': 'Award bands must not go down: gold ≤ silver ≤ bronze ≤ prize winners.',
  'awards.published':
    'The results of a category these award bands apply to are already published, so they can no longer change.',
  'rejection.reason': 'Please write the reason for the rejection (up to 500 characters).',
  'prelim.notFound': 'No preliminary result was found for this email.',
  'prelim.ownOnly': 'You can look up the preliminary result of your own email only.',
  'prelim.import.invalid':
    'The file has errors; nothing was imported. Correct the rows listed and try again.',
  'prelim.import.empty': 'The file has no result rows.',
  'certificate.notPublished': 'Certificates are ready once the results of your category are published.',
  'certificate.absent':
    'There is no certificate for you: certificates go to the finalists who sat the final exam.',
  'certificates.notPublished':
    'The results of this category are not published yet, so there are no certificates to download.',
  'verify.notFound': 'No admit card matches this code.',
  'checkIn.notApproved': 'Only an approved entrant can be checked in; this registration is not approved.',

  'exam.notApproved': 'The final exam is open to students whose final-round registration is approved.',
  'exam.notOpen': 'The exam is not open now.',
  'exam.ended': 'The exam has ended, so answers can no longer be saved.',
  'exam.submitted': 'You have already submitted the exam, so answers can no longer be changed.',
  'exam.notStarted': 'The exam has not started yet.',
  'exam.window': 'The end must come after the start.',
  'extension.range': 'Extra time must be 0 to 240 minutes.',
  'question.marks': 'Marks must be a whole number from 1 to 100.',
  'question.notFound': 'This question was not found.',
  'question.formulaEnglish': 'The formula at character {{englishAt}} cannot be read: {{englishReason}}.',
  'question.formulaBangla': 'The formula at character {{banglaAt}} cannot be read: {{banglaReason}}.',
  'question.tooManyDiagrams': 'A question can have at most 6 diagrams.',
  'question.diagramMissing':
    'The text names diagram {{diagram}}, but the question has no diagram {{diagram}}.',
  'question.diagramNotFound': 'A diagram of this question was not found. Please upload it again.',
  'user.notFound': 'This user was not found.',
  'user.ownRole': 'You cannot take away your own admin role. Ask another admin.',
  'marks.invalid': 'Marks must be a whole number, 0 or more.',
  'marks.range': 'Marks must be a whole number from 0 to {{max}}.',
  'marks.noAnswer': 'This student has no answer to this question.',
  'grading.notOpen':
    'Grading opens when the exam has ended for every student in this category, extra time included.',
  'grading.markedByOther':
    'Another grader marked this answer. Its marks stay with them; take the next answer instead.',
  'grading.claimedByOther': 'Another grader is grading this answer right now. Take the next answer instead.',
  'grading.claimLost':
    'Your hold on this answer ran out and it went to another grader, so your marks were not saved. Take the next answer.',
  'secondMarking.notDisagreement':
    'This answer has no unsettled disagreement between its two marks. Reload the list.',
  'results.secondMarking':
    'Answers still due for a second mark: {{due}}; disagreements not settled: {{disagreements}}. Finish them, or publish with the override.',
  'rubric.text': 'Write the rubric item in 1 to 200 characters.',
  'rubric.points': 'Points are a whole number from -100 to 100.',
  'rubric.adjustment': 'The adjustment is a whole number from -100 to 100.',
  'rubric.adjustmentComment': 'Say in the comment why you adjusted the marks.',
  'rubric.unknownItem': 'That rubric item is not part of this question. Reload the page.',
  'rubric.notFound': 'This rubric item was not found.',
  'rubric.full': 'A question has at most 20 rubric items.',
  'rubric.inUse':
    'Marks were given with this rubric item, so it cannot be removed. Change its points instead.',
  'marks.published': 'The results of this category are published, so only an admin can change marks now.',
  'results.ungraded': 'Answers not graded yet: {{count}}. Grade them first, or publish with the override.',
  'results.published': 'The results of this category are already published.',
  'results.notPublished': 'Results are not out yet. We will e-mail you when they are published.',
  'recheck.settings':
    'Re-check settings: a window of 0 to 60 days, 1 to 20 questions, a fee of 0 to 10,000 Taka.',
  'recheck.questions': 'Choose the questions to re-check (each once).',
  'recheck.closed': 'Re-checks are not open for your result now.',
  'recheck.tooMany': 'You can ask for re-checks of at most {{max}} questions.',
  'recheck.exists': 'You have already asked for a re-check of this question.',
  'recheck.question': 'This question is not one of your exam.',
  'recheck.noAnswer': 'You did not answer this question, so there is nothing to re-check.',
  'recheck.fee': 'Enter the transaction ID of the {{fee}} Taka re-check fee.',
  'recheck.notFound': 'This re-check was not found.',
  'recheck.sameGrader': 'Choose a grader other than the one who marked this answer.',
  'recheck.notGrader': 'Choose a grader or an admin.',
  'recheck.notYours': 'This re-check is assigned to another grader.',
  'recheck.decided': 'This re-check is already decided.',
  'recheck.requested': 'Your re-check request is received. We will e-mail you the outcome.',
  'answer.question': 'This question is not part of your exam.',
  'answer.tooMany': 'An answer can have at most 10 images.',
  'answer.foreignImage': 'Only images you uploaded can be part of your answer.',
  'answer.stale': 'This answer was changed in another tab or device. It has been reloaded; please try again.',
  'paper.notYet':
    'The question paper is not available yet. It can be downloaded from {{minutes}} minutes before the start.',
  'photo.hash': 'A photo must be named by the SHA-256 of its bytes (64 hexadecimal characters).',
  'photo.size': "A photo's size must be from 1 byte to 15 MB.",
  'photo.notCommitted': 'This photo was not recorded in your answers, so it cannot be accepted.',
  'photo.mismatch': "The photo's bytes do not match the photo recorded in your answer. Please send it again.",
  'photo.deliveryClosed': 'Photos for this exam can no longer be sent.',
  'photo.processing': 'This photo is being processed. Please try again in a moment.',
  'photo.lateTooMany':
    'You have sent as many late photos for this question as an answer can hold. The organisers will decide on those.',
  'photo.lateTooEarly': 'The exam is still open: add this photo to your answer instead.',
  'receipt.invalid':
    'This is not a receipt of this olympiad. Please paste the whole receipt, starting with v1.',
  'receipt.notGenuine':
    'This receipt is not genuine: its signature does not match what it says. It was changed, or it was not issued by this olympiad.',
  'upload.notInExam': 'Answer photos can be uploaded only during your exam.',
  'upload.tooManyAtOnce': 'Please send at most two photos at a time.',
  'results.undelivered':
    'Photos still arriving: {{undelivered}}; late photos not decided: {{late}}. Wait for them, or publish with the override.',
  'lookAlike.notFound': 'This pair of look-alike photos was not found.',
  'lookAlike.noteRequired': 'Write a note saying why you refer this pair.',
  'latePhoto.notFound': 'This late photo was not found.',

  'media.notImage': '{{file}} is not an image',
  'media.missingFile': 'Please choose a file to upload.',
  'media.tooLarge': 'This file is larger than {{megabytes}} MB. Please choose a smaller image.',
  'media.tooManyPixels':
    'This image is too large ({{megapixels}} megapixels at most). Please choose a smaller image.',
  'media.oneFile': 'Please upload one file at a time.',
  'media.quota': 'You have reached the upload limit for your account. Remove some images and try again.',
  'media.tooManyFiles': 'Please upload at most {{max}} files at a time.',

  'ebook.notFound': 'This e-book was not found.',
  'announcement.notFound': 'This notice was not found.',
  'announcement.rate': 'The rate must be a whole number of mails per minute, from 1 to 10000.',
  'announcement.segment': 'Please choose who receives the notice.',
  'announcement.noRecipients': 'No student is in this group, so there is no one to send the notice to.',
  'announcement.pickupSpot': 'Please choose a pick-up spot from the list.',
  'tutorial.notFound': 'This tutorial was not found.',
  'tutorial.videoUrl': "Enter the video's address, starting with http:// or https://.",
  'tutorial.position': 'Position must be a whole number from 1 to 1000.',
  'ebook.pageNotFound': 'This page is not part of the e-book.',
  'ebook.position': 'Position must be a whole number from 1 to 1000.',
  'ebook.pagePosition': 'The new position must be a page number of this e-book.',
  'ebook.tooManyPages': 'An e-book can have at most {{max}} pages. Remove some pages first.',
  'ebook.notPdf': '{{file}} is not a PDF',
  'ebook.pdfTooLarge': 'This PDF is larger than {{megabytes}} MB. Please split it into smaller files.',
  'ebook.pdfTooManyPages':
    'This PDF has {{pages}} pages; at most {{max}} can be converted at a time. Please split it into smaller files.',
  'ebook.pdfUnreadable': 'This PDF could not be read. It may be damaged or protected by a password.',
  'ebook.pdfTooSlow': 'This PDF took too long to convert. Please split it into smaller files and try again.',
  'ebook.pdfBusy': 'Another PDF is being converted. Please try again in a minute.',
  'ebook.pdfUnavailable':
    'PDF conversion is not available on this server. Please upload page images instead.',

  'register.success': 'Your account has been created.',
  'login.invalid': 'The email or password is incorrect.',
  'login.throttled':
    'Too many failed attempts for this account. Please wait {{seconds}} seconds and try again.',
  'login.throttledSecond': 'Too many failed attempts for this account. Please wait 1 second and try again.',
  'logout.success': 'You have been logged out.',
  'forgot.sent': 'If an account exists for this email, a password reset link has been sent to it.',
  'reset.invalid': 'This password reset link is invalid or has expired. Please request a new one.',
  'reset.success': 'Password has been reset successfully.',
  'verifyEmail.sent': 'We have sent a new verification link to your email.',
  'verifyEmail.done': 'Your email address is verified. Thank you.',
  'verifyEmail.invalid':
    'This verification link is invalid, has expired or has already been used. Please ask for a new one from your profile.',
  'verifyEmail.already': 'Your email address is already verified.',
  'email.unverified':
    'Please verify your email address first: open the link we sent to your email, or ask for a new one from your profile.',
  'invitation.sent': 'The invitation has been sent to {{email}}.',
  'invitation.invalid':
    'This invitation link is invalid, has expired or has already been used. Please ask the organisers for a new one.',
  'invitation.accepted': 'Welcome to the team. Your password is set and you are signed in.',
  'invitation.notFound': 'This invitation was not found. It may have been accepted or withdrawn already.',
  'invitation.withdrawn': 'The invitation has been withdrawn.',
  'invitation.alreadyStaff':
    'This address already belongs to a member of staff with this role or a higher one.',
  'user.inviteStaff':
    'Staff are added by invitation only: invite the address from the Users page, and they accept through the mailed link.',
  'twoFactor.requiredForAccount':
    'Please confirm your sign-in with the code from your authenticator app before you change your password or sign out other devices.',
  'twoFactor.required':
    "Please confirm your sign-in with the code from your authenticator app to use the organisers' console.",
  'twoFactor.codeFormat': 'Enter the 6-digit code from your authenticator app.',
  'twoFactor.recoveryFormat': 'Enter one of your recovery codes, such as abcde-fgh23.',
  'twoFactor.invalidCode':
    'This code is not correct, or it has been used already. Please enter the current code from your authenticator app.',
  'twoFactor.invalidRecovery': 'This recovery code is not correct, or it has been used already.',
  'twoFactor.enabled': 'Two-step sign-in is on. Keep your recovery codes somewhere safe.',
  'twoFactor.passed': 'Your sign-in is confirmed.',
  'twoFactor.notStaff': 'Two-step sign-in is for organisers and graders.',
  'twoFactor.alreadyEnabled': 'Two-step sign-in is already on for this account.',
  'twoFactor.notEnabled': 'Two-step sign-in is not set up for this account yet. Please set it up first.',
  'twoFactor.setupFirst': 'Please start setting up two-step sign-in again: no code was expected.',
  'twoFactor.reset': 'Two-step sign-in has been reset. The user sets it up again at the next sign-in.',
  'twoFactor.ownReset': 'You cannot reset your own two-step sign-in. Ask another admin.',
  'twoFactor.locked':
    'Two-step sign-in is locked on this device after too many wrong codes. Another admin can unlock it in the console (Users).',
  'twoFactor.unlocked': 'Two-step sign-in is unlocked. The user can enter a code again.',
  'twoFactor.ownUnlock': 'You cannot unlock your own two-step sign-in. Ask another admin.',
  'password.currentWrong': 'Your current password is incorrect.',
  'password.changed': 'Your password has been changed. Every other device has been signed out.',
  'session.notFound': 'This session was not found. It may have ended already.',
  'session.ended': 'That device has been signed out.',
  'sessions.endedOthers': 'Every other device has been signed out.',

  'auth.required': 'Please log in to continue.',
  'auth.forbidden': 'You do not have permission to do this.',
  'csrf.refused': 'This request was refused because it did not come from this site.',
  'csrf.otherAddress': "This site's address is {{address}}. Please open the site there and try again.",
  'validation.failed': 'Some fields are not valid. Please correct them and try again.',
  'request.invalid': 'The request could not be understood.',
  'request.tooLarge': 'The request is too large.',
  'request.unsupportedType': 'This kind of content is not accepted here.',
  notFound: 'The requested resource was not found.',
  rateLimited: 'Too many attempts. Please wait {{minutes}} minutes and try again.',
  'server.error': 'Something went wrong on our side. Please try again in a moment.',
  'server.unavailable': 'The service is busy or briefly unavailable. Please try again in a moment.',
  'server.notReady': 'This server is not ready to take requests.',
  'server.notReady.database': 'The database does not answer.',
  'server.notReady.migrations': 'The database lacks migrations this release needs.',
  'server.notReady.storage': 'The file store does not accept a write.',
} as const;

export type MessageKey = keyof typeof messagesEn;
