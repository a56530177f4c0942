/** Texts of the storefront's card screens, with Thai and English defaults (merged into TEXT_CATALOGUE). */
export const CARD_TEXTS = {
  // card form (methods 3 and 8)
  card_form_title: { th: 'ชำระด้วยบัตรเครดิต/เดบิต', en: 'Pay by credit or debit card' },
  card_form_amount: { th: 'ยอดที่ต้องชำระ {amount}', en: 'Amount to pay: {amount}' },
  card_pay_button: { th: 'ชำระเงิน {amount}', en: 'Pay {amount}' },
  card_holder_required: { th: 'กรุณากรอกชื่อผู้ถือบัตร', en: 'Please enter the cardholder name' },
  card_number_placeholder: { th: '0000 0000 0000 0000', en: '0000 0000 0000 0000' },
  card_month_placeholder: { th: 'ดด', en: 'MM' },
  card_year_placeholder: { th: 'ปปปป', en: 'YYYY' },
  card_type_label: { th: 'ประเภทบัตร: {type}', en: 'Card type: {type}' },
  card_secure_note: {
    th: 'หมายเลขบัตรถูกส่งตรงถึงผู้ให้บริการชำระเงินอย่างปลอดภัย ร้านค้าไม่ได้รับหรือเก็บหมายเลขบัตรของคุณ',
    en: 'Your card number goes straight to the payment provider; the shop never receives or keeps it.',
  },
  card_script_failed: { th: 'โหลดระบบชำระเงินด้วยบัตรไม่สำเร็จ กรุณาลองใหม่อีกครั้ง', en: 'The card payment service could not be loaded. Please try again.' },
  card_check_fields: { th: 'กรุณาตรวจสอบข้อมูลบัตร', en: 'Please check the card details' },
  card_provider_error: { th: '{description} (รหัส {code})', en: '{description} (code {code})' },
  card_pay_on_provider_page: { th: 'หรือชำระบนหน้าชำระเงินของผู้ให้บริการ', en: 'Or pay on the provider’s payment page' },
  card_processing: { th: 'กำลังดำเนินการชำระเงิน...', en: 'Processing your payment...' },
  card_3ds_note: { th: 'ธนาคารอาจขอให้ยืนยันตัวตน (3-D Secure) ก่อนตัดบัตร', en: 'Your bank may ask you to confirm the payment (3-D Secure).' },

  // card hand-off screen (/creditcard/{orderId})
  card_handoff_missing: { th: 'ไม่พบข้อมูลบัตรสำหรับคำสั่งซื้อนี้ กรุณากรอกข้อมูลบัตรอีกครั้ง', en: 'No card details were given for this order. Please enter your card again.' },
  card_handoff_back: { th: 'ไปที่คำสั่งซื้อของฉัน', en: 'Go to my orders' },

  // PayPal (method 2)
  paypal_title: { th: 'ชำระเงินด้วย PayPal', en: 'Pay with PayPal' },
  paypal_description: {
    th: 'ระบบจะพาคุณไปยัง PayPal เพื่อยืนยันการชำระเงิน {amount} เมื่อยืนยันแล้วจะกลับมาที่ร้านโดยอัตโนมัติ',
    en: 'You will confirm the payment of {amount} on PayPal, then come back to the shop automatically.',
  },
  paypal_button: { th: 'ไปชำระเงินที่ PayPal', en: 'Continue to PayPal' },

  // withholding tax modal
  tax_withholding_modal_description: {
    th: 'กรุณากรอกข้อมูลใบกำกับภาษีแบบนิติบุคคลและบันทึก เพื่อหักภาษี ณ ที่จ่ายสำหรับคำสั่งซื้อนี้',
    en: 'Enter and save your juristic-person tax invoice details to deduct withholding tax on this order.',
  },
  tax_withholding_ready: { th: 'ข้อมูลนิติบุคคลพร้อมสำหรับการหักภาษี ณ ที่จ่ายแล้ว', en: 'Your juristic-person details are ready for withholding tax.' },
  tax_withholding_need_juristic: { th: 'ข้อมูลใบกำกับภาษีของคุณยังไม่ใช่นิติบุคคล', en: 'Your tax invoice details are not a juristic person yet.' },
} as const satisfies Record<string, { th: string; en: string }>;
